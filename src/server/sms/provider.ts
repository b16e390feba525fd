import { organizationMessages } from '../../shared/messages/organization'
import type { SmsProviderName } from '../config'
import { log as serverLog } from '../log'

/** Sends text messages. Deployments plug in their operator's gateway; the default writes to the server log. */
export interface SmsProvider {
  send(phoneNumber: string, text: string): Promise<void>
}

/** Writes each message to the server log instead of sending it (development and demo). */
export class LogSmsProvider implements SmsProvider {
  constructor(private readonly log: (line: string) => void = (line) => serverLog.info(line)) {}

  async send(phoneNumber: string, text: string): Promise<void> {
    this.log(organizationMessages.smsLog(phoneNumber, text))
  }
}

/**
 * The provider MDM_SMS_PROVIDER names; null for 'none' (the production default), so that codes never reach a log
 * where they were not meant to be read.
 */
export function createSmsProvider(name: SmsProviderName): SmsProvider | null {
  return name === 'log' ? new LogSmsProvider() : null
}
