#!/usr/bin/env bash
# Debian packages the tests need: chromium (browser tests), liblouis (Braille reference
# checks), poppler-utils (reading generated PDFs), nginx (the deployment smoke test), and the server's certificate font (Amiri:
# Arabic and Latin glyphs; LAMSA_CERT_FONT). Installs only what is missing.
set -euo pipefail
need=()
command -v chromium >/dev/null || need+=(chromium)
command -v lou_translate >/dev/null || need+=(liblouis-bin liblouis-data)
command -v pdftotext >/dev/null || need+=(poppler-utils)
# nginx for scripts/deploy-smoke.sh (docker-compose.yml's load balancer, run natively);
# a Python with venv for scripts/schemathesis.sh.
command -v nginx >/dev/null || [[ -x /usr/sbin/nginx ]] || need+=(nginx-light)
python3 -c 'import venv, ensurepip' 2>/dev/null || need+=(python3-venv)
# A font is a file, not a command: check the path LAMSA_CERT_FONT defaults to.
[[ -f /usr/share/fonts/opentype/fonts-hosny-amiri/Amiri-Regular.ttf ]] || need+=(fonts-hosny-amiri)
[[ ${#need[@]} -eq 0 ]] && exit 0
echo "Installing ${need[*]} from Debian's packages"
SUDO=""
[[ $(id -u) -ne 0 ]] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}"
