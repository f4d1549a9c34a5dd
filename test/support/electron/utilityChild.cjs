/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS script that Node runs as it is */
// The child side of the double's utilityProcess (utilityProcess.ts): installs `process.parentPort`
// as Electron has it in a utility process (an EventEmitter whose 'message' listeners get
// `{ data, ports }`, with postMessage to the parent), puts the module's arguments where
// `process.argv` has them, then loads the module.
// https://www.electronjs.org/docs/latest/api/parent-port
const { EventEmitter } = require('node:events')

const [, , modulePath, ...args] = process.argv
const parentPort = new EventEmitter()
parentPort.postMessage = (message) => {
  if (process.connected) process.send(message)
}
parentPort.start = () => {}
process.on('message', (data) => parentPort.emit('message', { data, ports: [] }))
// Electron's child ends when its parent goes; Node's would stay behind without this.
process.on('disconnect', () => process.exit(0))
process.parentPort = parentPort
process.argv = [process.argv[0], modulePath, ...args]
require(modulePath)
