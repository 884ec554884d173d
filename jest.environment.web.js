// jsdom for the apps' tests, plus the Node globals jsdom leaves out and React Router / RTK Query need.
const { TestEnvironment } = require('jest-environment-jsdom');

class WebEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const node = {
      TextEncoder,
      TextDecoder,
      fetch,
      Request,
      Response,
      Headers,
      AbortController,
      AbortSignal,
      ReadableStream,
      TransformStream,
      structuredClone,
    };
    for (const [name, value] of Object.entries(node)) this.global[name] = value;
  }
}

module.exports = WebEnvironment;
