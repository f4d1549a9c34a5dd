import ChatScreen from '@renderer/features/chat/ChatScreen'
import { useChatStore } from '@renderer/stores/chat'
import { initialState } from '@renderer/stores/chat/initialState'
import { AppFailure } from '@shared/result'
import { chatBridge } from '@test/support/chatBridge'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

let bridge: ReturnType<typeof chatBridge>

beforeEach(() => {
  useChatStore.setState(initialState)
  bridge = chatBridge()
})
afterEach(async () => {
  cleanup()
  await bridge.close()
})

const messageBox = () => screen.getByLabelText('Message') as HTMLTextAreaElement
const modelSelect = () => screen.getByLabelText('Model') as HTMLSelectElement
const endpointSelect = () => screen.getByLabelText('Endpoint') as HTMLSelectElement
const optionsOf = (s: HTMLSelectElement) => [...s.options].map((o) => o.textContent)

async function typeAndEnter(text: string) {
  fireEvent.change(messageBox(), { target: { value: text } })
  fireEvent.keyDown(messageBox(), { key: 'Enter' })
}

describe('Chat screen', () => {
  it('offers only the account’s text models and only endpoints each model accepts, with no price', async () => {
    bridge.gateway.models = ['lite-v4.1-flash', 'std-6-sol', 'std-image-2']
    render(<ChatScreen />)
    await waitFor(() =>
      expect(optionsOf(modelSelect())).toEqual(['Standard 6 Sol', 'Lite v4.1 Flash']),
    )
    expect(optionsOf(endpointSelect())).toEqual(['Chat completions', 'Responses'])
    fireEvent.change(modelSelect(), { target: { value: 'lite-v4.1-flash' } })
    expect(optionsOf(endpointSelect())).toEqual(['Chat completions'])
    expect(endpointSelect().disabled).toBe(true)
    expect(screen.getByTestId('chat-price').textContent).toBe('Price: No published rate')
    // Responses replies are not streamed by the client: the toggle says so instead of lying.
    fireEvent.change(modelSelect(), { target: { value: 'std-6-sol' } })
    fireEvent.change(endpointSelect(), { target: { value: 'responses' } })
    const toggle = screen.getByLabelText('Stream') as HTMLInputElement
    expect(toggle.disabled).toBe(true)
    expect(toggle.checked).toBe(false)
  })

  it('sends on Enter (not Shift+Enter), renders the stream as it arrives, and Esc stops it', async () => {
    render(<ChatScreen />)
    await waitFor(() => expect(modelSelect().value).toBe('std-6-sol'))
    fireEvent.change(messageBox(), { target: { value: 'line one' } })
    fireEvent.keyDown(messageBox(), { key: 'Enter', shiftKey: true })
    expect(bridge.calls).not.toContain('chat:send')

    const stream = bridge.gateway.nextStream()
    await typeAndEnter('Tell me something')
    await screen.findByRole('article', { name: 'Your message' })
    // The box clears once send answers, which can be one render after the message shows.
    await waitFor(() => expect(messageBox().value).toBe(''))
    const stop = await screen.findByRole('button', { name: 'Stop' })
    expect(stop).toBeTruthy()
    stream.push('First **bold** words')
    const reply = await screen.findByRole('article', { name: 'Reply from Standard 6 Sol' })
    await waitFor(() => expect(reply.querySelector('strong')?.textContent).toBe('bold'))
    expect(within(reply).getByTestId('chat-status').textContent).toBe('Receiving…')
    stream.push(' and more')
    await waitFor(() => expect(reply.textContent).toContain('First bold words and more'))

    fireEvent.keyDown(messageBox(), { key: 'Escape' })
    await waitFor(() =>
      expect(within(reply).getByTestId('chat-status').textContent).toBe('Stopped'),
    )
    expect(stream.signal?.aborted).toBe(true)
    expect(reply.textContent).toContain('First bold words and more')
    await screen.findByRole('button', { name: 'Send' })
    // The sidebar lists the new conversation under its first message.
    expect(
      within(screen.getByRole('list', { name: 'Conversation list' })).getByText(
        'Tell me something',
      ),
    ).toBeTruthy()
  })

  it('renders Markdown safely: raw HTML as text, no script links, web links to the OS browser', async () => {
    bridge.gateway.plain = async () => ({
      text: [
        'Hello <img src=x onerror="window.__pwned=1"> <b>bold?</b>',
        '',
        '[bad](javascript:window.__pwned=2) and [site](https://example.com/docs)',
        '',
        '```ts',
        'const answer: number = 42',
        '```',
      ].join('\n'),
      raw: {},
    })
    render(<ChatScreen />)
    await waitFor(() => expect(modelSelect().value).toBe('std-6-sol'))
    fireEvent.click(screen.getByLabelText('Stream'))
    await typeAndEnter('show me')
    const reply = await screen.findByRole('article', { name: 'Reply from Standard 6 Sol' })
    await waitFor(() => expect(reply.textContent).toContain('site'))
    expect(reply.querySelector('img')).toBeNull()
    expect(reply.querySelector('b')).toBeNull()
    expect(reply.textContent).toContain('<img src=x onerror="window.__pwned=1">')
    const anchors = [...reply.querySelectorAll('a')]
    expect(anchors.map((a) => a.getAttribute('href'))).toEqual(['https://example.com/docs'])
    fireEvent.click(screen.getByRole('link', { name: 'site' }))
    await waitFor(() => expect(bridge.opened).toEqual(['https://example.com/docs']))
    expect((window as { __pwned?: number }).__pwned).toBeUndefined()
    // The code block is highlighted once the highlighter chunk has loaded.
    await waitFor(() =>
      expect(reply.querySelector('code .hljs-keyword')?.textContent).toBe('const'),
    )

    let copied = ''
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (t: string) => void (copied = t) },
    })
    fireEvent.click(within(reply).getByRole('button', { name: 'Copy ts code' }))
    await waitFor(() => expect(copied).toBe('const answer: number = 42'))
  })

  it('shows a failure in the conversation with what to do', async () => {
    render(<ChatScreen />)
    await waitFor(() => expect(modelSelect().value).toBe('std-6-sol'))
    const stream = bridge.gateway.nextStream()
    await typeAndEnter('q')
    stream.fail(
      new AppFailure({
        code: 'rate_limited',
        message: 'The service is limiting the request rate.',
        retryAfterMs: 4000,
        status: 429,
      }),
    )
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('The service is limiting the request rate.')
    expect(alert.textContent).toContain('Wait 4 s, then press Regenerate')
    expect(screen.getByTestId('chat-status').textContent).toBe('Failed')

    // Regenerate replaces the failed reply.
    const next = bridge.gateway.nextStream()
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate' }))
    next.push('better')
    next.end()
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
    expect(screen.getAllByRole('article').map((a) => a.textContent)).toEqual([
      expect.stringContaining('q'),
      expect.stringContaining('better'),
    ])
  })

  it('edits and resends the last message', async () => {
    render(<ChatScreen />)
    await waitFor(() => expect(modelSelect().value).toBe('std-6-sol'))
    fireEvent.click(screen.getByLabelText('Stream'))
    await typeAndEnter('first try')
    await screen.findByText('plain chat reply')
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }))
    expect(messageBox().value).toBe('first try')
    fireEvent.change(messageBox(), { target: { value: 'second try' } })
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }))
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'Your message' }).textContent).toContain(
        'second try',
      ),
    )
    expect(screen.getAllByRole('article')).toHaveLength(2)
    expect(bridge.gateway.calls.at(-1)).toMatchObject({
      messages: [{ role: 'user', content: 'second try' }],
    })
  })

  it('searches, renames, deletes with undo', async () => {
    render(<ChatScreen />)
    await waitFor(() => expect(modelSelect().value).toBe('std-6-sol'))
    fireEvent.click(screen.getByLabelText('Stream'))
    await typeAndEnter('Pancakes need buttermilk')
    await screen.findByText('plain chat reply')

    fireEvent.change(screen.getByLabelText('Search conversations'), { target: { value: 'butter' } })
    const results = await screen.findByRole('list', { name: 'Search results' })
    expect(results.querySelector('mark')?.textContent).toBe('buttermilk')
    fireEvent.change(screen.getByLabelText('Search conversations'), { target: { value: '' } })
    await screen.findByRole('list', { name: 'Conversation list' })

    fireEvent.click(screen.getByRole('button', { name: 'Rename Pancakes need buttermilk' }))
    const input = screen.getByLabelText('New title for Pancakes need buttermilk')
    fireEvent.change(input, { target: { value: 'Breakfast' } })
    fireEvent.keyDown(input, { key: 'Enter' })
    await screen.findByRole('heading', { name: 'Breakfast' })

    fireEvent.click(screen.getByRole('button', { name: 'Delete Breakfast' }))
    const toast = await screen.findByRole('status')
    expect(toast.textContent).toContain('Deleted “Breakfast”')
    expect(screen.queryByRole('list', { name: 'Conversation list' })).toBeNull()
    await act(async () => {
      fireEvent.click(within(toast).getByRole('button', { name: 'Undo' }))
    })
    await screen.findByRole('heading', { name: 'Breakfast' })
    expect(screen.getByText('Pancakes need buttermilk')).toBeTruthy()
  })
})
