/**
 * jest's globalSetup entry. jest loads it with Node's own resolver, which does not know that an
 * import of './file.cjs' in the test and tool code means the '.cts' source beside it (jest's
 * resolver, tools/jest-resolver.cjs, covers the tests themselves). tsx's loader does: the setup
 * (./setup.cts) runs through it.
 */
const { register } = require('tsx/cjs/api');

const unregister = register();
const setup = require('./setup.cts').default;
unregister();

module.exports = setup;
