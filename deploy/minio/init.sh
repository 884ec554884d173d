#!/bin/sh
# docker-compose.yml's one-shot `minio-init`, the only container besides MinIO that holds the root credentials:
# creates the private buckets (no anonymous access) and one MinIO user per service that stores files, whose policy
# (the JSON file of the same name next to this one) covers only its own bucket. Safe to run again: policies are
# replaced, secret keys set to the current ones.
set -eu

mc alias set tullab http://minio:9000 "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD"
mc mb --ignore-existing tullab/tullab-documents tullab/tullab-logos

# grant <service> <secret key>: user <service> with policy <service>.json and nothing else
grant() {
  mc admin policy create tullab "$1" "/etc/tullab/minio/$1.json"
  mc admin user add tullab "$1" "$2"
  # attaching a policy already attached is refused: detach it first (refused in turn on the first run)
  mc admin policy detach tullab "$1" --user "$1" >/dev/null 2>&1 || true
  mc admin policy attach tullab "$1" --user "$1"
}

grant verification "$VERIFICATION_S3_SECRET_KEY"
grant offers "$OFFERS_S3_SECRET_KEY"
