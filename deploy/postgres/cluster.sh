#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for local runs and CI: initdb into a fresh temporary directory,
# pg_ctl start on a free port on 127.0.0.1 (trust authentication, no TLS), one database `arbitra`.
#
#   eval "$(bash deploy/postgres/cluster.sh start)"   # prints `export ARBITRA_PG_URL=... DATABASE_URL=...`
#   bash deploy/postgres/cluster.sh stop              # pg_ctl stop -m fast, then removes the directory
#   bash deploy/postgres/cluster.sh restart           # pg_ctl restart -m fast (sessions end with 57P01; data kept)
#   bash deploy/postgres/cluster.sh down | up         # the server stopped (-m fast) / started again, data kept
#   bash deploy/postgres/cluster.sh status            # exit 0 if running, 3 if not
#   bash deploy/postgres/cluster.sh url               # the URL of the running cluster
#
# initdb and the server refuse to run as root. Run as root (CI containers), the cluster directory is
# handed to an unprivileged user (PG_RUN_AS, default `postgres`, else `nobody`) and the binaries run
# through runuser (or su). As any other user they run directly.
#
# Environment (all optional):
#   PG_BIN          server binaries (default /usr/lib/postgresql/15/bin, else pg_config --bindir)
#   PG_PORT         port (default: a free one)
#   PG_CI_DIR       where the state file lives (default <repo>/.ci-postgres); the cluster itself is in mktemp -d
#   PG_TMPDIR       where that temporary directory is made (default $TMPDIR, as root /tmp)
#   PG_FSYNC, PG_SYNC_COMMIT  fsync / synchronous_commit of the test cluster (default off, off)
#   PG_RUN_AS       the unprivileged user when run as root
#   PG_START_TIMEOUT seconds to wait for readiness (default 60)
# Logs go to stderr; stdout carries only the export lines, so `eval "$(... start)"` works.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_ROOT="$(cd "$SCRIPT_DIR/../.." && pwd)"
STATE_DIR="${PG_CI_DIR:-$REPO_ROOT/.ci-postgres}"
STATE_FILE="$STATE_DIR/cluster.env"
START_TIMEOUT="${PG_START_TIMEOUT:-60}"
DB_NAME=arbitra

log() { printf '[postgres %s] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

if [[ -n "${PG_BIN:-}" ]]; then BIN="$PG_BIN"
elif [[ -x /usr/lib/postgresql/15/bin/initdb ]]; then BIN=/usr/lib/postgresql/15/bin
elif command -v pg_config >/dev/null 2>&1; then BIN="$(pg_config --bindir)"
else BIN=""; fi

# Who runs the server: ourselves, or (as root) an unprivileged account.
RUN_AS=""
if [[ "$(id -u)" == 0 ]]; then
  RUN_AS="${PG_RUN_AS:-}"
  if [[ -z "$RUN_AS" ]]; then
    if id postgres >/dev/null 2>&1; then RUN_AS=postgres; else RUN_AS=nobody; fi
  fi
  id "$RUN_AS" >/dev/null 2>&1 || die "PG_RUN_AS=$RUN_AS is not a user on this machine"
fi

as_owner() { # run a command as the cluster's owner
  if [[ -z "$RUN_AS" ]]; then "$@"
  elif command -v runuser >/dev/null 2>&1; then runuser -u "$RUN_AS" -- "$@"
  else su -s /bin/sh "$RUN_AS" -c "$(printf '%q ' "$@")"; fi
}

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

load_state() {
  [[ -f "$STATE_FILE" ]] || return 1
  # shellcheck disable=SC1090
  source "$STATE_FILE"
  [[ -n "${PGDATA_DIR:-}" && -d "$PGDATA_DIR/data" ]]
}

is_running() { load_state && as_owner "$BIN/pg_ctl" -D "$PGDATA_DIR/data" status >/dev/null 2>&1; }

print_exports() {
  local url="postgres://$PG_USER@127.0.0.1:$PG_PORT/$DB_NAME"
  printf 'export ARBITRA_PG_URL=%q\nexport DATABASE_URL=%q\n' "$url" "$url"
}

cmd_start() {
  [[ -n "$BIN" && -x "$BIN/initdb" ]] || die "PostgreSQL server binaries not found (set PG_BIN; Debian: apt-get install -y postgresql-15)"
  if is_running; then
    log "already running on port $PG_PORT (data $PGDATA_DIR/data)"
    print_exports
    return 0
  fi
  mkdir -p "$STATE_DIR"
  local t0=$SECONDS
  # As root the directory must be reachable by the unprivileged owner: /tmp, not a private TMPDIR.
  local base="${PG_TMPDIR:-${TMPDIR:-/tmp}}"
  [[ -n "$RUN_AS" ]] && base="${PG_TMPDIR:-/tmp}"
  PGDATA_DIR="$(mktemp -d "$base/arbitra-pg-XXXXXX")"
  PG_PORT="${PG_PORT:-$(free_port)}"
  PG_USER="${RUN_AS:-$(id -un)}"
  [[ -n "$RUN_AS" ]] && chown "$RUN_AS" "$PGDATA_DIR"
  chmod 700 "$PGDATA_DIR"
  printf 'PGDATA_DIR=%q\nPG_PORT=%q\nPG_USER=%q\n' "$PGDATA_DIR" "$PG_PORT" "$PG_USER" >"$STATE_FILE"

  if ! as_owner "$BIN/initdb" -D "$PGDATA_DIR/data" -U "$PG_USER" --auth=trust --encoding=UTF8 --no-locale >"$PGDATA_DIR/initdb.log" 2>&1; then
    cat "$PGDATA_DIR/initdb.log" >&2
    die "initdb failed"
  fi
  # Tests only: no fsync (the durability of PostgreSQL is not what CI checks); enough connections for
  # the multi-process tests; the socket in the cluster directory, not /var/run/postgresql.
  cat >>"$PGDATA_DIR/data/postgresql.conf" <<EOF
listen_addresses = '127.0.0.1'
port = $PG_PORT
unix_socket_directories = '$PGDATA_DIR'
max_connections = 200
fsync = ${PG_FSYNC:-off}
synchronous_commit = ${PG_SYNC_COMMIT:-off}
full_page_writes = off
shared_buffers = 64MB
EOF
  if ! as_owner "$BIN/pg_ctl" -D "$PGDATA_DIR/data" -l "$PGDATA_DIR/server.log" -w -t "$START_TIMEOUT" start >/dev/null; then
    cat "$PGDATA_DIR/server.log" >&2
    die "pg_ctl start failed"
  fi
  as_owner "$BIN/createdb" -h 127.0.0.1 -p "$PG_PORT" -U "$PG_USER" "$DB_NAME"
  log "PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') ready on 127.0.0.1:$PG_PORT as $PG_USER in $((SECONDS - t0)) s (data $PGDATA_DIR)"
  print_exports
}

cmd_stop() {
  if ! load_state; then
    log "not running"
    rm -f "$STATE_FILE"
    return 0
  fi
  as_owner "$BIN/pg_ctl" -D "$PGDATA_DIR/data" -m fast -w stop >/dev/null 2>&1 || log "pg_ctl stop: not running"
  rm -rf "$PGDATA_DIR"
  rm -f "$STATE_FILE"
  log "stopped, $PGDATA_DIR removed"
}

# A restart as an operator's (or a failover's) would be: every session ends (57P01), the server is
# unreachable and then starting up (57P03) for a moment, the data stays.
cmd_restart() {
  load_state || die "not running (no state in $STATE_DIR)"
  local t0=$SECONDS
  as_owner "$BIN/pg_ctl" -D "$PGDATA_DIR/data" -l "$PGDATA_DIR/server.log" -m fast -w -t "$START_TIMEOUT" restart >/dev/null ||
    { tail -n 30 "$PGDATA_DIR/server.log" >&2; die "pg_ctl restart failed"; }
  log "restarted on port $PG_PORT in $((SECONDS - t0)) s"
}

cmd_down() {
  load_state || die "no cluster (no state in $STATE_DIR)"
  as_owner "$BIN/pg_ctl" -D "$PGDATA_DIR/data" -m fast -w stop >/dev/null || die "pg_ctl stop failed"
  log "server down (data kept in $PGDATA_DIR)"
}

cmd_up() {
  load_state || die "no cluster (no state in $STATE_DIR)"
  as_owner "$BIN/pg_ctl" -D "$PGDATA_DIR/data" -l "$PGDATA_DIR/server.log" -w -t "$START_TIMEOUT" start >/dev/null ||
    { tail -n 30 "$PGDATA_DIR/server.log" >&2; die "pg_ctl start failed"; }
  log "server up on port $PG_PORT"
}

case "${1:-}" in
  start) cmd_start ;;
  down) cmd_down ;;
  up) cmd_up ;;
  restart) cmd_restart ;;
  stop) cmd_stop ;;
  status) if is_running; then log "running on port $PG_PORT (data $PGDATA_DIR/data)"; else log "not running"; exit 3; fi ;;
  url) is_running || die "not running"; print_exports | sed -n 's/^export ARBITRA_PG_URL=//p' ;;
  *) echo "usage: $0 {start|stop|restart|down|up|status|url}" >&2; exit 2 ;;
esac
