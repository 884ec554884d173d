/**
 * The architecture rules `npm run lint` enforces with dependency-cruiser (docs/architecture.md): services share no
 * code but through packages/, the apps reach the server only over HTTP, packages stand below both, and no module or
 * folder imports in a circle. A workspace package (`@tullab/x`) resolves through its node_modules link to
 * packages/x, so the rules below see it by its real path.
 */

/** Tests, their fixtures and harnesses, and the browser and API suites. */
const TEST_CODE =
  '(\\.test\\.[cm]?[jt]sx?$|\\.fixture\\.[jt]sx?$|/testing/|^(services|packages|tools)/[^/]+/test/|^apps/[^/]+/e2e/|(^|/)\\.data/)';

module.exports = {
  forbidden: [
    {
      name: 'no-cross-service',
      severity: 'error',
      comment:
        'A service talks to another one over HTTP or events only; shared code belongs in packages/. ' +
        "The gateway's tests may start the other services' builds to drive the whole stack.",
      from: { path: '^services/([^/]+)/', pathNot: '^services/[^/]+/test/' },
      to: { path: '^services/', pathNot: '^services/$1/' },
    },
    {
      name: 'app-not-to-server',
      severity: 'error',
      comment:
        'The browser apps reach the server over HTTP: no service code, and of packages/ only the contracts and UI.',
      from: { path: '^apps/' },
      to: { path: '^(services/|packages/(?!(contracts|ui)/))' },
    },
    {
      name: 'no-cross-app',
      severity: 'error',
      comment:
        'Each app stands alone; what both use belongs in packages/ui or packages/contracts. ' +
        'The browser tests (e2e/) may share their page helpers across the two apps.',
      from: { path: '^apps/([^/]+)/', pathNot: '^apps/[^/]+/e2e/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'package-not-to-service-or-app',
      severity: 'error',
      comment: 'Packages sit below the services and apps that use them.',
      from: { path: '^packages/' },
      to: { path: '^(services|apps|tools)/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Modules that import each other (directly or through others) cannot be understood or moved apart.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-circular-folders',
      severity: 'error',
      comment:
        'Folders that import each other (a file of A imports from B, one of B from A, or through other folders) ' +
        'are one module in disguise: move what both use into one of them, or a folder both import.',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // The shipped code only: a test may import the harness that renders the whole app, which sits above every folder
    // it tests. scripts/architecture.mjs checks the tests against the boundary rules in a second pass.
    exclude: { path: TEST_CODE },
    // neither scanned nor followed, only seen as what is imported: the apps' rule must still see a package's build
    doNotFollow: { path: ['(^|/)node_modules/', '(^|/)dist/', '(^|/)coverage/'] },
    // type-only imports tie folders together just as much
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['types', 'import', 'require', 'node', 'default'],
      mainFields: ['types', 'module', 'main'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.jsx', '.json'],
    },
    skipAnalysisNotInRules: true,
  },
};
