import { z } from 'zod'
import { successMessages } from '../messages/common'
import { access, binaryResponse, endpoint, noRequest } from './endpoint'
import { CommandResponse } from './huawei-device'
import { idSchema } from './id'

/**
 * The Apple 'my device' commands of SPEC §7 (POST /myDevice/<name>, main base). What each sends to the device is
 * the server's command catalogue (src/server/protocol/apple/commands.ts, docs/apple-commands.md); a test keeps the
 * two lists the same.
 */
export const myDeviceCommandNames = [
  'checkNetwork', 'clearPasscode', 'activationLock', 'removeProfile', 'disableActivationLock', 'enableLostMode',
  'disableLostMode', 'deviceErase', 'showActivationLockPassword', 'openPayMode', 'closePayMode', 'oneClickLockDown',
  'disownDevice', 'playLostModeSound', 'scheduleOSUpdate', 'deviceLocation', 'macLock', 'installedApplicationList',
] as const
export type MyDeviceCommandName = (typeof myDeviceCommandNames)[number]

/** SPEC §8's success message of each command (the generic save message where it names none). */
const commandSuccess: Record<MyDeviceCommandName, string> = {
  checkNetwork: successMessages.save,
  clearPasscode: successMessages.clearPasscode,
  activationLock: successMessages.activationLock,
  removeProfile: successMessages.removeSupervision,
  disableActivationLock: successMessages.removeActivationLock,
  enableLostMode: successMessages.lost,
  disableLostMode: successMessages.disableLostMode,
  deviceErase: successMessages.oneClickWipe,
  showActivationLockPassword: successMessages.save,
  openPayMode: successMessages.openPayMode,
  closePayMode: successMessages.closePayMode,
  oneClickLockDown: successMessages.oneClickLockDown,
  disownDevice: successMessages.releaseAbm,
  playLostModeSound: successMessages.playLostSound,
  scheduleOSUpdate: successMessages.save,
  deviceLocation: successMessages.save,
  macLock: successMessages.macLock,
  installedApplicationList: successMessages.save,
}

/** A command's device and its parameters (lost-mode message and phone, PIN …), checked by the command catalogue. */
export const MyDeviceCommandRequest = z.looseObject({ deviceId: idSchema })

const commandEndpoint = (name: MyDeviceCommandName) =>
  endpoint({
    base: 'main',
    method: 'POST',
    path: `/myDevice/${name}`,
    access: access.authority('ios:command'),
    request: MyDeviceCommandRequest,
    response: CommandResponse,
    success: commandSuccess[name],
  })

export const myDeviceEndpoints = {
  /** A per-company .mobileconfig with a fresh device identity (docs/apple-mdm.md). */
  enrollmentProfile: endpoint({ base: 'main', method: 'GET', path: '/myDevice/enrollmentProfile', access: access.authority('ios:device'), request: noRequest, response: binaryResponse, binary: true }),
  command: Object.fromEntries(myDeviceCommandNames.map((name) => [name, commandEndpoint(name)])) as Record<MyDeviceCommandName, ReturnType<typeof commandEndpoint>>,
}
