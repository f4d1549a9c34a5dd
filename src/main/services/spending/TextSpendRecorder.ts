import type { Clock } from '../../adapters/clock/Clock'
import type { TextSpend } from '../chat/textSpend'
import type { SpendLedger } from './SpendLedger'

/**
 * Chat requests into the ledger (kind `text`, no published rate: counted, never priced). The
 * ledger lives in the task journal's database, opened lazily, so the writes are chained in call
 * order and a failure to record never disturbs the chat itself.
 */
export class TextSpendRecorder implements TextSpend {
  private chain: Promise<void> = Promise.resolve()

  constructor(
    private readonly o: {
      ledger: () => Promise<SpendLedger>
      demo: () => Promise<boolean>
      clock: Clock
      log?: (message: string) => void
    },
  ) {}

  opened(request: { id: string; model: string; prompt: string }): void {
    const createdAt = this.o.clock.now()
    this.then(async (ledger) =>
      ledger.open({
        id: request.id,
        taskId: null,
        batchId: null,
        kind: 'text',
        taskKind: 'chat',
        model: request.model,
        amountUsd: null,
        basis: 'none',
        createdAt,
        demo: await this.o.demo(),
        prompt: request.prompt,
      }),
    )
  }

  ended(id: string, status: 'settled' | 'failed'): void {
    const at = this.o.clock.now()
    this.then(async (ledger) => ledger.setStatus(id, status, at))
  }

  /** Resolves when every write asked for so far is done (tests, shutdown). */
  idle(): Promise<void> {
    return this.chain
  }

  private then(write: (ledger: SpendLedger) => Promise<void> | void): void {
    this.chain = this.chain
      .then(async () => write(await this.o.ledger()))
      .catch((e: unknown) => this.o.log?.(`A chat request was not recorded: ${String(e)}`))
  }
}
