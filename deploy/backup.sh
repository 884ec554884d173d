#!/bin/sh
# Backs up and restores Tullab's PostgreSQL database: every service's schema in it, as one pg_dump archive.
#
#   deploy/backup.sh dump > tullab.dump       pg_dump's custom format; the stack may keep running
#   deploy/backup.sh restore < tullab.dump    into a fresh database: created if missing, refused unless empty
#
# The PostgreSQL tools run in docker-compose.yml's `postgres` service (`docker compose exec -T postgres`, from the
# folder of docker-compose.yml). PG_RUN runs them another way: PG_RUN= uses the ones on the PATH, reaching the server
# through the libpq variables (PGHOST, PGPORT, PGPASSWORD). PGUSER and PGDATABASE name the user and the database;
# both are `tullab` by default, as in docker-compose.yml. README.md, "Backups", says what else to keep and in which
# order to restore.
set -eu

run=${PG_RUN-docker compose exec -T postgres}
user=${PGUSER:-tullab}
database=${PGDATABASE:-tullab}

# pg <tool> <arguments>: a PostgreSQL tool, as `user`. docker compose exec hands it this script's stdin, so every
# call but the restore's reads /dev/null instead.
pg() {
  tool=$1
  shift
  # shellcheck disable=SC2086 # PG_RUN is a command with its arguments
  $run "$tool" --username "$user" "$@"
}

# sql <statement>: its one value, from the maintenance database `postgres`
sql() {
  pg psql --dbname postgres --no-psqlrc --tuples-only --no-align --command "$1" </dev/null
}

# how many user tables `database` holds, plus its schemas besides public and the system ones
contents() {
  pg psql --dbname "$database" --no-psqlrc --tuples-only --no-align --command \
    "select (select count(*) from pg_namespace where nspname <> 'public' and nspname <> 'information_schema'
               and nspname !~ '^pg_')
          + (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
               where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f'))" </dev/null
}

case "${1:-}" in
  dump)
    pg pg_dump --dbname "$database" --format custom </dev/null
    ;;
  restore)
    case "$database" in
      *[!a-z0-9_]* | '' | [0-9]*)
        echo "backup.sh: PGDATABASE must be a lower-case SQL name (a-z, 0-9, _), not \"$database\"" >&2
        exit 2
        ;;
    esac
    if [ -z "$(sql "select 1 from pg_database where datname = '$database'")" ]; then
      pg createdb "$database" </dev/null
    elif [ "$(contents)" != 0 ]; then
      echo "backup.sh: the database \"$database\" is not empty. Restore into a fresh one: another PGDATABASE, or" >&2
      echo "rename this one aside first (README.md, \"Backups\")." >&2
      exit 1
    fi
    # one transaction: a restore that fails leaves the database as empty as it was
    pg pg_restore --dbname "$database" --no-owner --single-transaction
    echo "backup.sh: restored into the database \"$database\"" >&2
    ;;
  *)
    echo "usage: deploy/backup.sh dump > FILE | deploy/backup.sh restore < FILE" >&2
    exit 2
    ;;
esac
