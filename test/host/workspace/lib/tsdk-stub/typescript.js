// Stand-in for a workspace's own TypeScript (typescript.tsdk points here): too old to be used.
module.exports = { version: '4.2.0', createProgram() { throw new Error('not a real compiler'); } };
