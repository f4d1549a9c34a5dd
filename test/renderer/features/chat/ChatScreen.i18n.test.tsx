import ChatScreen from '@renderer/features/chat/ChatScreen'
import { MessageItem } from '@renderer/features/chat/MessageItem'
import { startI18n } from '@renderer/i18n/setup'
import { useChatStore } from '@renderer/stores/chat'
import { initialState } from '@renderer/stores/chat/initialState'
import type { ChatMessageView } from '@shared/chat/types'
import { chatBridge } from '@test/support/chatBridge'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

let bridge: ReturnType<typeof chatBridge>

beforeEach(async () => {
  useChatStore.setState(initialState)
  bridge = chatBridge()
  await startI18n('ja')
})
afterEach(async () => {
  cleanup()
  await bridge.close()
  await startI18n('en')
})

const message = (over: Partial<ChatMessageView>): ChatMessageView => ({
  id: 'm1',
  conversationId: 'c1',
  seq: 1,
  role: 'assistant',
  content: '',
  status: 'pending',
  error: null,
  model: 'std-6-sol',
  endpoint: 'chat.completions',
  streamed: true,
  createdAt: 0,
  updatedAt: 0,
  ...over,
})

/** Key names and raw enum values that must never reach the screen as words. */
const RAW =
  /\b(emptyTitle|statusPending|price|noPublishedRate|pending|streaming|chat\.completions)\b/

describe('Chat in Japanese (issue #34)', () => {
  it('labels the screen, the picker and the price in Japanese', async () => {
    bridge.gateway.models = ['std-6-sol']
    const { container } = render(<ChatScreen />)
    await waitFor(() => expect(screen.getByLabelText('モデル')).toBeTruthy())
    expect(screen.getByText('何でも聞いてください。')).toBeTruthy()
    expect(screen.getByTestId('chat-price').textContent).toBe('料金: 公開料金なし')
    expect(screen.getByRole('option', { name: 'Chat completions' })).toBeTruthy()
    expect(screen.getByRole('button', { name: '新しいチャット' })).toBeTruthy()
    expect(container.textContent).not.toMatch(RAW)
  })

  it('names a reply’s state and a compaction in Japanese, with the count in the sentence', () => {
    const { container } = render(
      <>
        <MessageItem message={message({ status: 'pending' })} busy={false} />
        <MessageItem
          message={message({ id: 'm2', role: 'compaction', status: 'complete', compactedItems: 3 })}
          busy={false}
        />
      </>,
    )
    expect(screen.getByTestId('chat-status').textContent).toBe('返答を待っています…')
    expect(screen.getByTestId('chat-compaction').textContent).toContain('3 件')
    expect(screen.getByText('以前のメッセージを圧縮しました。').tagName).toBe('STRONG')
    expect(container.textContent).not.toMatch(RAW)
  })
})
