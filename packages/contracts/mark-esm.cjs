// The ES module build sits beside the CommonJS one in a package whose default is CommonJS: this marks its folder.
require('node:fs').writeFileSync(
  `${__dirname}/dist/esm/package.json`,
  '{ "type": "module", "sideEffects": false }\n',
);
