import type { ButtonHTMLAttributes } from 'react'

interface PlainButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  color?: 'primary' | 'danger'
  size?: 'small' | 'large'
  fill?: 'none' | 'outline'
  block?: boolean
  loading?: boolean
}

/**
 * antd-mobile's Button as plain markup with its class names (its stylesheet is in style.css, which every screen
 * loads), for what the entry chunk renders — the login form, the update bar, a failed screen's retry — so that
 * /login does not load the component's code. Same look, and the same three-dot animation while loading.
 */
export function PlainButton({ color, size, fill, block, loading, className, children, type = 'button', disabled, ...native }: PlainButtonProps) {
  const classes = [
    'adm-button',
    color && `adm-button-${color}`,
    block && 'adm-button-block',
    (disabled || loading) && 'adm-button-disabled',
    fill && `adm-button-fill-${fill}`,
    size && `adm-button-${size}`,
    loading && 'adm-button-loading',
    'adm-button-shape-default',
    className,
  ]
  return (
    <button {...native} type={type} disabled={disabled || loading} className={classes.filter(Boolean).join(' ')}>
      {loading ? (
        <div className="adm-button-loading-wrapper">
          <div className="adm-loading adm-dot-loading" style={{ color: 'currentColor' }}>
            <svg height="1em" viewBox="0 0 100 40" style={{ verticalAlign: '-0.125em' }}>
              {[0, 1, 2].map((i) => (
                <rect key={i} fill="currentColor" x={20 + i * 26} y="16" width="8" height="8" rx="2">
                  <animate attributeName="y" from="16" to="16" dur="2s" begin={`${i * 0.2}s`} repeatCount="indefinite" values="16; 6; 26; 16; 16" keyTimes="0; 0.1; 0.3; 0.4; 1" />
                </rect>
              ))}
            </svg>
          </div>
        </div>
      ) : (
        <span>{children}</span>
      )}
    </button>
  )
}
