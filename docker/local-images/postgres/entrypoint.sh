#!/bin/bash
set -euo pipefail
if [[ "${1:0:1}" == "-" ]]; then
  set -- postgres "$@"
fi
if [[ "$1" != postgres ]]; then
  exec "$@"
fi
if [[ "$(id -u)" == 0 ]]; then
  mkdir -p "$PGDATA" && chown postgres:postgres "$PGDATA" && chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi

user="${POSTGRES_USER:-postgres}"
database="${POSTGRES_DB:-$user}"
auth="${POSTGRES_HOST_AUTH_METHOD:-scram-sha-256}"
if [[ ! -s "$PGDATA/PG_VERSION" ]]; then
  if [[ -z "${POSTGRES_PASSWORD:-}" && "$auth" != trust ]]; then
    echo "Error: Database is uninitialized and superuser password is not specified." >&2
    echo "       Set POSTGRES_PASSWORD, or POSTGRES_HOST_AUTH_METHOD=trust." >&2
    exit 1
  fi
  initdb --username="$user" --pwfile=<(printf '%s\n' "${POSTGRES_PASSWORD:-}") -D "$PGDATA" -E UTF8 --locale=C.UTF-8 >/dev/null
  printf "listen_addresses = '*'\n" >>"$PGDATA/postgresql.conf"
  printf "host all all all %s\n" "$auth" >>"$PGDATA/pg_hba.conf"
  # The init server listens on the unix socket only, as the official image's does.
  pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start
  if [[ "$database" != postgres ]]; then
    psql -v ON_ERROR_STOP=1 --username "$user" --dbname postgres -q -c "CREATE DATABASE \"$database\""
  fi
  pg_ctl -D "$PGDATA" -m fast -w stop
  echo "PostgreSQL init process complete; ready for start up."
fi
exec "$@"
