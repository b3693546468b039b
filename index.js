// The package's nodes and credentials are listed in package.json under "n8n"; n8n loads them from dist/.
module.exports = {};
