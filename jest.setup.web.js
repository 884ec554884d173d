// Testing Library waits up to 5 s (not 1 s) for what a test looks for: pages load on demand, and a busy CI machine
// can take more than a second to load one.
const { configure } = require('@testing-library/react');

configure({ asyncUtilTimeout: 5000 });
