// What a component's `import './Name.css'` gives in a test: nothing (jest.config.cjs).
module.exports = {};
