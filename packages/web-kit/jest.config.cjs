const web = require('../../jest.config.web.js');

// the kit's own tests (the API client, the session) render nothing that needs texts or stylesheets
module.exports = web;
