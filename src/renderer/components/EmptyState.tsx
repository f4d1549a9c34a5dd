import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'

interface Props {
  /** A lucide icon, drawn large and muted above the title (decorative: aria-hidden). */
  icon: LucideIcon
  title: ReactNode
  /** What to do about it, in a sentence. */
  hint?: ReactNode
  /** A button or link that fills the place. */
  action?: ReactNode
  /** Less padding, for a column or a sidebar. */
  compact?: boolean
  className?: string
  'data-testid'?: string
}

/** "Nothing here yet" in one shape everywhere: icon, title, hint and an optional action. */
export function EmptyState({
  icon: Icon,
  title,
  hint,
  action,
  compact,
  className,
  'data-testid': testId,
}: Props) {
  const classes = ['empty-state', compact ? 'compact' : '', className ?? ''].filter(Boolean)
  return (
    <div className={classes.join(' ')} data-testid={testId}>
      <Icon className="empty-state-icon" aria-hidden />
      <p className="empty-state-title">{title}</p>
      {hint ? <p className="empty-state-hint">{hint}</p> : null}
      {action ? <div className="empty-state-action">{action}</div> : null}
    </div>
  )
}
