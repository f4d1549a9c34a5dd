import { isSafeExternalUrl } from '@shared/externalUrl'
import { isValidElement, memo, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import ReactMarkdown, { type Components } from 'react-markdown'
import remarkGfm from 'remark-gfm'

import { openExternal } from '../../api/app'
import { CodeBlock } from './CodeBlock'

/** Opens a web link in the OS browser through main; nothing navigates inside the app. */
function ExternalLink({ href, children }: { href: string | undefined; children: ReactNode }) {
  if (!href || !isSafeExternalUrl(href)) return <span className="chat-link-off">{children}</span>
  return (
    <a
      href={href}
      title={href}
      rel="noreferrer noopener"
      onClick={(e) => {
        e.preventDefault()
        void openExternal(href)
      }}
    >
      {children}
    </a>
  )
}

/** A remote image as a link, named by its alt text: the page never fetches it. */
function ImageLink({ src, alt }: { src: string | undefined; alt: string | undefined }) {
  const { t } = useTranslation('chat')
  return (
    <ExternalLink href={src}>{alt ? t('imageLinkNamed', { alt }) : t('imageLink')}</ExternalLink>
  )
}

function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node)
  if (Array.isArray(node)) return node.map(textOf).join('')
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children)
  return ''
}

const components: Components = {
  a: ({ href, children }) => <ExternalLink href={href}>{children}</ExternalLink>,
  // Remote images would be fetched by the page (and blocked by the CSP): show a link instead.
  img: ({ src, alt }) => <ImageLink src={typeof src === 'string' ? src : undefined} alt={alt} />,
  pre: ({ children }) => {
    const code = Array.isArray(children) ? children[0] : children
    const className = isValidElement<{ className?: string }>(code) ? code.props.className : ''
    const language = /language-([\w+#.-]+)/.exec(className ?? '')?.[1] ?? null
    return <CodeBlock code={textOf(code).replace(/\n$/, '')} language={language} />
  },
}

/**
 * A reply rendered as Markdown (GFM tables, lists, code). Raw HTML in the text is shown as text,
 * never parsed; link targets pass react-markdown's URL filter and then our http(s)-only check.
 */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <div className="chat-markdown">
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  )
})
