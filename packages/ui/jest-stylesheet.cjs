// What a component's `import './Name.css'` gives in an app's jest test: nothing (Vite bundles the stylesheets).
module.exports = {};
