import type { AuthorityCode } from '../../shared/domain/authorities'
import { createMiddleware } from 'hono/factory'
import { ACCOUNT_VERSION_HEADER } from '../../shared/contract/envelope'
import type { AppEnv } from '../context'
import { accountVersion } from './current-user'
import { ApiError } from '../http/errors'

function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i)
  return match ? match[1] : null
}

const signedIn = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerToken(c.req.header('authorization'))
  const user = token ? await c.var.services.sessions.resolve(token) : null
  if (!user) throw ApiError.unauthorized()
  c.set('user', user)
  c.header(ACCOUNT_VERSION_HEADER, accountVersion(user))
  await next()
})

const publicRoute = createMiddleware<AppEnv>(async (_c, next) => {
  await next()
})

/**
 * Every route declares what it needs (STYLE §5): `access.public`, `access.signedIn`, or `access.authority(code)`
 * with a code of the authority tree — the same codes the menu is built from.
 */
export const access = {
  public: publicRoute,
  signedIn,
  authority: (code: AuthorityCode) =>
    createMiddleware<AppEnv>(async (c, next) => {
      await signedIn(c, async () => {
        if (!c.var.user.authorities.includes(code)) throw ApiError.forbidden()
        await next()
      })
    }),
  /** Any one of several codes (a picker shared by two screens, or a quota type chosen by the request). */
  anyAuthority: (...codes: AuthorityCode[]) =>
    createMiddleware<AppEnv>(async (c, next) => {
      await signedIn(c, async () => {
        if (!codes.some((code) => c.var.user.authorities.includes(code))) throw ApiError.forbidden()
        await next()
      })
    }),
}
