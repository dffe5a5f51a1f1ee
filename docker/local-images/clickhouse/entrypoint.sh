#!/bin/bash
# The official image's environment: CLICKHOUSE_USER and CLICKHOUSE_PASSWORD replace the password-less default user,
# CLICKHOUSE_DB is created once the server answers.
set -euo pipefail
user="${CLICKHOUSE_USER:-default}"
password="${CLICKHOUSE_PASSWORD:-}"
if [[ "$user" != default || -n "$password" ]]; then
  remove_default=""
  [[ "$user" != default ]] && remove_default='<default remove="remove"/>'
  cat >/etc/clickhouse-server/users.d/docker-user.xml <<XML
<yandex><users>$remove_default
  <$user><password>$password</password><networks><ip>::/0</ip></networks><profile>default</profile><quota>default</quota></$user>
</users></yandex>
XML
fi
command=(setpriv --reuid=clickhouse --regid=clickhouse --init-groups
  /usr/sbin/clickhouse-server --config-file=/etc/clickhouse-server/config.xml "$@")
if [[ -z "${CLICKHOUSE_DB:-}" || "$CLICKHOUSE_DB" == default ]]; then
  # The server is the container's main process, so signals (docker stop, a test's SIGSTOP) reach it directly.
  exec "${command[@]}"
fi
"${command[@]}" &
server=$!
trap 'kill -TERM "$server"; wait "$server"' TERM INT

http_post() { # $1 = query; answers with the HTTP status line
  exec 3<>/dev/tcp/127.0.0.1/8123 || return 1
  printf 'POST /?user=%s&password=%s HTTP/1.0\r\nContent-Length: %d\r\n\r\n%s' \
    "$user" "$password" "${#1}" "$1" >&3
  local status; read -r status <&3; exec 3<&-
  [[ "$status" == *" 200 "* ]]
}
for _ in $(seq 1 300); do
  http_post "CREATE DATABASE IF NOT EXISTS \`$CLICKHOUSE_DB\`" 2>/dev/null && break
  sleep 0.1
done
wait "$server"
