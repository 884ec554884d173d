// Checks of the Kubernetes manifests (`node --test`, run by `npm run test:scripts`) without a cluster: the base and the
// production overlay are rendered with `kubectl kustomize`, every object is validated against the Kubernetes schemas,
// and the stack is cross-checked against the processes it runs (their zod config shapes, ports and probe paths).
// Without kubectl (1.27+, for kustomize v5) the checks are skipped, except in CI; the migration script's run needs
// the build and PostgreSQL.
import './k8s/objects.checks.mjs';
import './k8s/environment.checks.mjs';
import './k8s/migration.checks.mjs';
