# Finds a JDK >= 21 (rtbench builds and runs on it; the machine's default java may be older).
# POSIX sh: sourced by ./rtbench, ./mvnw and .ci/run. Order: $JAVA_HOME, the java on PATH, /usr/lib/jvm/*,
# /usr/local/lib/jvm/*, /opt/java/* (newest first). Prints nothing; sets RTBENCH_JDK or returns 1.

rtbench_jdk_major() { # $1 = JDK home -> prints its feature version, or nothing
  if [ -f "$1/release" ]; then
    sed -n 's/^JAVA_VERSION="\([0-9][0-9]*\).*/\1/p' "$1/release" | head -n 1
  elif [ -x "$1/bin/java" ]; then
    "$1/bin/java" -version 2>&1 | sed -n 's/.*version "\([0-9][0-9]*\).*/\1/p' | head -n 1
  fi
}

rtbench_find_jdk() {
  RTBENCH_JDK=
  _path_java=$(command -v java 2>/dev/null || true)
  _path_home=
  if [ -n "$_path_java" ]; then
    _path_home=$(dirname "$(dirname "$(readlink -f "$_path_java")")")
  fi
  # mvnw runs with globbing off (set -f); turn it on for the listing and restore it after.
  case $- in *f*) _noglob=1 ;; *) _noglob= ;; esac
  set +f
  _listed=$(ls -d /usr/lib/jvm/* /usr/local/lib/jvm/* /opt/java/* 2>/dev/null | sort -r -V || true)
  [ -z "$_noglob" ] || set -f
  for _home in ${JAVA_HOME:-} $_path_home $_listed; do
    [ -x "$_home/bin/java" ] && [ -x "$_home/bin/javac" ] || continue
    _major=$(rtbench_jdk_major "$_home")
    if [ -n "$_major" ] && [ "$_major" -ge 21 ]; then
      RTBENCH_JDK=$_home
      RTBENCH_JDK_MAJOR=$_major
      return 0
    fi
  done
  return 1
}

# Sets JAVA_HOME to a JDK >= 21 or explains what is needed and fails.
rtbench_use_jdk21() {
  if rtbench_find_jdk; then
    JAVA_HOME=$RTBENCH_JDK
    export JAVA_HOME
    return 0
  fi
  echo "rtbench needs a JDK 21 or newer (none found in JAVA_HOME, PATH or /usr/lib/jvm)." >&2
  echo "Install one (e.g. 'apt-get install openjdk-21-jdk-headless' on Debian 13, or Temurin 21+) and retry." >&2
  return 1
}
