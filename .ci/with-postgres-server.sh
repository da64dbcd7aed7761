#!/usr/bin/env bash
# Runs a command with DATABASE_URL pointing at a PostgreSQL server: the one at 127.0.0.1:5432 when it
# answers, otherwise a throwaway cluster from Debian's postgresql package on a free port.
set -euo pipefail

if command -v pg_isready >/dev/null 2>&1 && pg_isready -q -h 127.0.0.1 -p 5432; then
  export DATABASE_URL="${PG_SERVER_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
  echo "using the PostgreSQL server at 127.0.0.1:5432"
  exec "$@"
fi

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$bindir" ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >/dev/null
  bindir=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
fi

port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
dir=$(mktemp -d /tmp/ci-pg.XXXXXX)
runas=()
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  chown postgres "$dir"
  runas=(runuser -u postgres --)
fi
"${runas[@]}" "$bindir/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 >/dev/null
"${runas[@]}" "$bindir/pg_ctl" -D "$dir/data" -o "-p $port -k $dir -c listen_addresses=127.0.0.1" -l "$dir/log" -w start >/dev/null
trap '"${runas[@]}" "$bindir/pg_ctl" -D "$dir/data" -m fast stop >/dev/null 2>&1 || true; rm -rf "$dir"' EXIT

export DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
echo "using a PostgreSQL server started on port $port"
"$@"
