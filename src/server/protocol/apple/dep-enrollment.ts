import { readFileSync } from 'node:fs'
import type * as pkijs from 'pkijs'
import { appleDepText as t } from '../../../shared/messages/apple-dep'
import { ApiError } from '../../http/errors'
import { DEP_IDENTITY_PREFIX } from './abm-checkin'
import { APPLE_ROOT_CA_PEM } from './apple-root-ca'
import { certificatesOfPem, verifiedMachineInfo } from './machine-info'

/** Who owns a serial in Apple Business Manager: a linked company's live abm_devices row (AbmService.ownerOfSerial). */
export type SerialOwner = (serial: string) => Promise<{ companyId: number; abmDeviceId: number } | null>

/**
 * The roots a MachineInfo's chain must end at: the PEM bundle of MDM_APPLE_DEP_ROOTS_FILE, read once at start (a file
 * that is missing or holds no certificate stops the start with its reason), else Apple Root CA.
 */
export function depRoots(file: string | undefined): pkijs.Certificate[] {
  if (!file) return certificatesOfPem(APPLE_ROOT_CA_PEM)
  let roots: pkijs.Certificate[] = []
  try {
    roots = certificatesOfPem(readFileSync(file, 'utf8'))
  } catch {
    // Reported below, with the file's name.
  }
  if (roots.length === 0) throw new Error(t.rootsFileInvalid(file))
  return roots
}

/**
 * Automated enrollment's profile (issue #42): the enrollment URL answers a phone's signed MachineInfo with the
 * enrollment profile of the company that owns its serial in ABM — the same profile and identity mechanism as a
 * download in the console (MyDeviceService.issueProfile), the identity named for the serial so that Authenticate
 * knows the phone came this way. A signature that does not verify to a trusted root, or a serial no company owns,
 * is refused (403) and nothing is stored.
 */
export class DepEnrollmentService {
  constructor(
    private readonly services: {
      roots: pkijs.Certificate[]
      ownerOfSerial: SerialOwner
      issueProfile(companyId: number, createdBy: number | null, commonName: string): Promise<string>
    },
    private readonly now: () => Date = () => new Date(),
  ) {}

  async profileFor(body: Uint8Array): Promise<string> {
    const info = await verifiedMachineInfo(body, this.services.roots, this.now())
    if (!info) throw ApiError.forbidden(t.machineInfoInvalid)
    const owner = await this.services.ownerOfSerial(info.serial)
    if (!owner) throw ApiError.forbidden(t.serialNotOwned)
    return this.services.issueProfile(owner.companyId, null, `${DEP_IDENTITY_PREFIX}${info.serial}`)
  }
}
