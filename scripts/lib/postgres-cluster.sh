# A throwaway PostgreSQL cluster for the tests: initdb in a temporary folder, the server on a loopback port
# as an unprivileged user (the Debian `postgres` user when run as root, as CI does), a password login, and
# the "C" locale. Sourced by scripts/test and scripts/bench-postgres. Usage:
#   pg_cluster_start   # installs postgresql when missing; exports MANUAL_TEST_POSTGRES (URL without database),
#                      # MANUAL_TEST_PG_STOP and MANUAL_TEST_PG_START (shell commands the tests stop and restart it with),
#                      # and XDG_CACHE_HOME (a folder inside the cluster's, for the nodes' vector files)
#   pg_cluster_stop    # stops the server and deletes the folder
pg_cluster_start() {
    ensure_packages postgresql libpq5
    local bin
    bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
    PG_CLUSTER_DIR=$(mktemp -d /tmp/manual-pg.XXXXXX)
    chmod 755 "$PG_CLUSTER_DIR"
    PG_CLUSTER_PORT=${PG_CLUSTER_PORT:-$((20000 + RANDOM % 20000))}
    PG_CLUSTER_AS=""
    if [ "$(id -u)" -eq 0 ]; then
        id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
        chown postgres "$PG_CLUSTER_DIR"
        PG_CLUSTER_AS="runuser -u postgres --"
    fi
    echo secret > "$PG_CLUSTER_DIR/password"
    $PG_CLUSTER_AS "$bin/initdb" -D "$PG_CLUSTER_DIR/data" -U manual --pwfile="$PG_CLUSTER_DIR/password" \
        -A scram-sha-256 --locale=C -E UTF8 >/dev/null
    local options="-p $PG_CLUSTER_PORT -k $PG_CLUSTER_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
    export MANUAL_TEST_PG_START="$PG_CLUSTER_AS $bin/pg_ctl -D $PG_CLUSTER_DIR/data -o '$options' -l $PG_CLUSTER_DIR/log -w start >/dev/null"
    export MANUAL_TEST_PG_STOP="$PG_CLUSTER_AS $bin/pg_ctl -D $PG_CLUSTER_DIR/data -m immediate -w stop >/dev/null"
    eval "$MANUAL_TEST_PG_START"
    export MANUAL_TEST_POSTGRES="postgres://manual:secret@127.0.0.1:$PG_CLUSTER_PORT"
    # The vector files a PostgreSQL library's nodes keep in their cache folder go with the cluster.
    mkdir -p "$PG_CLUSTER_DIR/cache"
    export XDG_CACHE_HOME="$PG_CLUSTER_DIR/cache"
}

pg_cluster_stop() {
    [ -n "${PG_CLUSTER_DIR:-}" ] || return 0
    eval "$MANUAL_TEST_PG_STOP" 2>/dev/null || true
    rm -rf "$PG_CLUSTER_DIR"
    PG_CLUSTER_DIR=""
}
