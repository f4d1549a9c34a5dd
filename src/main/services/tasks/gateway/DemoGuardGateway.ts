import { AppFailure } from '@shared/result'

import { t as tr } from '../../../i18n'
import type { GatewayTask, TaskGateway } from '../ports'

/**
 * Keeps demo tasks and real tasks on their own service. A task made in the offline demo must never
 * be re-sent to the real service (that would be a real charge for a demo), and a real task must
 * never be polled or re-sent against the simulator while the demo runs (a 404 there could end a
 * paid task). So: a demo task outside the demo ends, refused, with nothing charged; a real task
 * during the demo waits, as when no key is set, and continues once the demo is left.
 */
export class DemoGuardGateway implements TaskGateway {
  constructor(
    private readonly inner: TaskGateway,
    private readonly connection: () => Promise<{ demo: boolean } | null>,
  ) {}

  private async guard(task: GatewayTask): Promise<void> {
    const demoNow = (await this.connection())?.demo ?? false
    if (task.demo && !demoNow) {
      throw new AppFailure({
        code: 'unsupported',
        message: tr('demoEnded'),
        action: tr('demoEndedAction'),
        taskId: task.id,
      })
    }
    if (!task.demo && demoNow) {
      throw new AppFailure({
        code: 'not_connected',
        message: tr('demoPaused'),
        action: tr('demoPausedAction'),
        taskId: task.id,
      })
    }
  }

  account(): Promise<string | null> {
    return this.inner.account()
  }

  async submit(...args: Parameters<TaskGateway['submit']>) {
    await this.guard(args[0])
    return this.inner.submit(...args)
  }

  async status(...args: Parameters<TaskGateway['status']>) {
    await this.guard(args[0])
    return this.inner.status(...args)
  }

  async *events(...args: Parameters<TaskGateway['events']>) {
    await this.guard(args[0])
    yield* this.inner.events(...args)
  }

  async estimate(...args: Parameters<TaskGateway['estimate']>) {
    await this.guard(args[0])
    return this.inner.estimate(...args)
  }

  async download(...args: Parameters<TaskGateway['download']>) {
    await this.guard(args[0])
    return this.inner.download(...args)
  }

  usesServiceBudget(...args: Parameters<TaskGateway['usesServiceBudget']>) {
    return this.inner.usesServiceBudget(...args)
  }

  release(task: GatewayTask): Promise<void> {
    return this.inner.release(task)
  }
}
