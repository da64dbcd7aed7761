#!/usr/bin/env bash
# Runs a command through PgBouncer in transaction mode in front of the PostgreSQL server of
# DATABASE_URL (run it under .ci/with-postgres-server.sh): DATABASE_URL then names the pooler,
# DATABASE_LISTEN_URL the server itself (LISTEN needs a session of its own), DATABASE_POOLER=transaction.
set -euo pipefail
: "${DATABASE_URL:?run this under .ci/with-postgres-server.sh}"

bouncer=$(command -v pgbouncer || echo /usr/sbin/pgbouncer)
if [ ! -x "$bouncer" ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends pgbouncer >/dev/null
  bouncer=$(command -v pgbouncer || echo /usr/sbin/pgbouncer)
fi

read -r host dbport user < <(node -e "const u=new URL(process.env.DATABASE_URL);console.log(u.hostname,u.port||5432,decodeURIComponent(u.username)||'postgres')")
port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
dir=$(mktemp -d /tmp/ci-pgbouncer.XXXXXX)
cat >"$dir/pgbouncer.ini" <<INI
[databases]
* = host=$host port=$dbport
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $port
unix_socket_dir =
auth_type = trust
auth_file = $dir/users.txt
pool_mode = transaction
max_client_conn = 1000
default_pool_size = 40
ignore_startup_parameters = extra_float_digits
logfile = $dir/pgbouncer.log
pidfile = $dir/pgbouncer.pid
INI
echo "\"$user\" \"\"" >"$dir/users.txt"
runas=()
if [ "$(id -u)" = 0 ]; then
  # PgBouncer refuses to run as root.
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  chown -R postgres "$dir"
  runas=(runuser -u postgres --)
fi
"${runas[@]}" "$bouncer" -d "$dir/pgbouncer.ini"
trap 'kill "$(cat "$dir/pgbouncer.pid" 2>/dev/null)" 2>/dev/null || true; rm -rf "$dir"' EXIT
for _ in $(seq 50); do node -e "require('net').connect($port,'127.0.0.1').on('connect',()=>process.exit(0)).on('error',()=>process.exit(1))" && break; sleep 0.1; done

export DATABASE_LISTEN_URL="$DATABASE_URL"
export DATABASE_URL="postgres://$user@127.0.0.1:$port/${DATABASE_URL##*/}"
export DATABASE_POOLER=transaction
echo "using PgBouncer $("$bouncer" --version | head -n 1 | awk '{print $2}') in transaction mode on port $port"
"$@"
