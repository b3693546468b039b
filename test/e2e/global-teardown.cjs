/**
 * jest's globalTeardown entry, loaded as global-setup.cjs is: through tsx's loader (./teardown.cts).
 */
const { register } = require('tsx/cjs/api');

const unregister = register();
const teardown = require('./teardown.cts').default;
unregister();

module.exports = teardown;
