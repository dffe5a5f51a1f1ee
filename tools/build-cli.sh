# Rebuilds bench-cli's jar (and with it bench-connectors' Connect plugin) with the Maven wrapper when the jar is
# missing or older than any pom.xml or main source. Bash: sourced by ./rtbench and docker/local-images/build, after
# tools/jdk.sh has selected a JDK. Prints what it does on stderr; on a failed build, the log's end, and returns 1.

rtbench_cli_jar() { # $1 = repository root
  echo "$1/bench-cli/target/rtbench.jar"
}

rtbench_build_cli() { # $1 = repository root
  local root=$1 jar log
  jar=$(rtbench_cli_jar "$root")
  if [ -f "$jar" ] && [ -d "$root/bench-connectors/target/connect-plugin" ] && [ -z "$(find "$root" \
      -path "$root/.git" -prune -o \( -name pom.xml -o -path '*/src/main/*' \) -newer "$jar" -print -quit)" ]; then
    return 0
  fi
  echo "rtbench: building (the first build downloads dependencies and takes a few minutes)..." >&2
  log="${TMPDIR:-/tmp}/rtbench-build.$$.log"
  if ! (cd "$root" && ./mvnw -B -q -DskipTests -Dspotless.check.skip=true package -pl bench-cli -am >"$log" 2>&1); then
    tail -n 40 "$log" >&2
    echo "rtbench: build failed; the full log is $log" >&2
    return 1
  fi
  rm -f "$log"
  touch "$jar"
}
