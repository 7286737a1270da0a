#!/bin/sh
# Initialises PGDATA on first start (user and database from POSTGRES_USER, POSTGRES_PASSWORD,
# POSTGRES_DB, as the Docker Hub image reads them), then runs PostgreSQL in the foreground.
set -eu
: "${POSTGRES_USER:=postgres}" "${POSTGRES_DB:=$POSTGRES_USER}" "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  mkdir -p "$PGDATA"
  pwfile="$(mktemp)"
  printf '%s\n' "$POSTGRES_PASSWORD" > "$pwfile"
  initdb -D "$PGDATA" -U "$POSTGRES_USER" --pwfile="$pwfile" --auth=scram-sha-256 --encoding=UTF8 --locale=C
  rm -f "$pwfile"
  printf 'host all all 0.0.0.0/0 scram-sha-256\nhost all all ::/0 scram-sha-256\n' >> "$PGDATA/pg_hba.conf"
  if [ "$POSTGRES_DB" != "postgres" ]; then
    postgres --single -D "$PGDATA" -c listen_addresses='' postgres <<SQL >/dev/null
CREATE DATABASE "$POSTGRES_DB" OWNER "$POSTGRES_USER";
SQL
  fi
fi
exec postgres -D "$PGDATA" -c listen_addresses='*' -c unix_socket_directories=/tmp "$@"
