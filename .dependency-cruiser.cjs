/**
 * The architecture rules `npm run lint` enforces with dependency-cruiser (docs/architecture.md): services share no
 * code but through packages/, the apps reach the server only over HTTP, packages stand below both on three shelves,
 * and no module or folder imports in a circle. A workspace package (`@tullab/x`) resolves through its node_modules link to
 * packages/x, so the rules below see it by its real path.
 */

/** Tests, their fixtures and harnesses, and the browser and API suites. */
const TEST_CODE =
  '(\\.test\\.[cm]?[jt]sx?$|\\.fixture\\.[jt]sx?$|/testing/|^(services|packages|tools)/[^/]+/test/|^apps/[^/]+/e2e/|(^|/)\\.data/)';

/**
 * The shelves of packages/ (docs/anatomy.md, "Packages"), lowest first: a package imports packages on its own shelf
 * or a lower one, never one on a later shelf. `testing` (the tests' harness), `ui` (the apps' components),
 * `web-kit` (what the apps share beside them) and `connect-button` (the script brands' pages load) stand apart;
 * every other package must be on a shelf.
 */
const SHELVES = [
  { name: 'contracts', comment: 'what travels', packages: ['contracts', 'config', 'log'] },
  {
    name: 'runtime',
    comment: 'how a service runs',
    packages: ['http', 'db', 'events', 'storage', 'runtime'],
  },
  {
    name: 'capabilities',
    comment: 'what several services mount',
    packages: ['audit-log', 'retention', 'one-time-codes', 'broadcasts', 'rate-limits'],
  },
];
const APART = ['testing', 'ui', 'web-kit', 'connect-button'];
const packagesIn = (names) => `^packages/(${names.join('|')})/`;

/** One rule per shelf but the last: none of its packages imports one on a later shelf. */
const shelfRules = SHELVES.slice(0, -1).map((shelf, index) => ({
  name: `shelf-${shelf.name}`,
  severity: 'error',
  comment:
    `The ${shelf.name} shelf (${shelf.comment}) stands below the later ones: move what it needs down, ` +
    'or the importing code up.',
  from: { path: packagesIn(shelf.packages) },
  to: { path: packagesIn(SHELVES.slice(index + 1).flatMap((later) => later.packages)) },
}));

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
        'The browser apps reach the server over HTTP: no service code, and of packages/ only the contracts, the UI ' +
        'and the web kit.',
      from: { path: '^apps/' },
      to: { path: '^(services/|packages/(?!(contracts|ui|web-kit)/))' },
    },
    {
      name: 'no-cross-app',
      severity: 'error',
      comment:
        'Each app stands alone; what several use belongs in packages/web-kit, packages/ui or packages/contracts. ' +
        'The browser tests (e2e/) may share their page helpers across the apps.',
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
    ...shelfRules,
    {
      name: 'package-on-a-shelf',
      severity: 'error',
      comment:
        'Every package is on a shelf (SHELVES above), so the shelf rules see it; testing, ui and web-kit stand apart.',
      from: {
        path: '^packages/',
        pathNot: packagesIn([...SHELVES.flatMap((shelf) => shelf.packages), ...APART]),
      },
      to: {},
    },
    {
      name: 'testing-only-in-tests',
      severity: 'error',
      comment: "The tests' harness (containers, catchers, fake servers) never ships: only tests import it.",
      from: { pathNot: TEST_CODE },
      to: { path: packagesIn(['testing']) },
    },
    {
      name: 'ui-with-the-apps',
      severity: 'error',
      comment:
        "The apps' components are for the apps (and the web kit they share): no other package, service or tool " +
        "imports them; the brands' button takes the brand colours alone.",
      from: { path: '^(packages|services|tools)/', pathNot: packagesIn(['ui', 'web-kit', 'connect-button']) },
      to: { path: packagesIn(['ui', 'web-kit']) },
    },
    {
      name: 'connect-button-alone',
      severity: 'error',
      comment:
        "The brands' button is one script on other sites' pages (issue 30 point 6): it bundles its own code and the " +
        'brand colours, nothing else of ours or of anyone else.',
      from: { path: '^packages/connect-button/src/', pathNot: TEST_CODE },
      to: { pathNot: '^packages/(connect-button/src/|ui/src/colours\\.ts$)' },
    },
    {
      name: 'ui-on-the-contracts',
      severity: 'error',
      comment: "The apps' components stand on the contracts alone, like the apps (app-not-to-server).",
      from: { path: packagesIn(['ui']) },
      to: { path: '^packages/', pathNot: packagesIn(['ui', 'contracts']) },
    },
    {
      name: 'web-kit-on-the-contracts-and-ui',
      severity: 'error',
      comment:
        'What the apps share stands on the contracts and the UI alone, like the apps (app-not-to-server), ' +
        'and never on an app.',
      from: { path: packagesIn(['web-kit']) },
      to: { path: '^(apps/|services/|packages/(?!(web-kit|ui|contracts)/))' },
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
