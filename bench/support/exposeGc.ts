import v8 from 'node:v8'
import vm from 'node:vm'

/**
 * V8's gc(), without --expose-gc on the command line: benches use it to collect their own
 * garbage (controls, generated data) before a figure, so a collection of it never lands on the
 * app's measured work. The app never forces one.
 */
export function exposeGc(): () => void {
  v8.setFlagsFromString('--expose-gc')
  return vm.runInNewContext('gc') as () => void
}
