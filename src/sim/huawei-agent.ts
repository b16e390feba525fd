import {
  agentEndpoints,
  type AgentTaskType,
  type AgentDeviceState,
  type AgentPlatform,
  type AgentTask,
  type EnrollResponse,
  type PollResponse,
  type ResultRequest,
  type ResultResponse,
  type ServiceTerms,
} from '../shared/contract/agent'
import { endpointUrl, type Endpoint, type RequestOf, type ResponseOf } from '../shared/contract/endpoint'
import { simulatorText as text } from '../shared/messages/server'

/**
 * A simulated Huawei / Mi phone running the management agent: it enrolls with its company's enrollment token,
 * polls the server over HTTP with its own credential, executes each task against its own state and reports the
 * result — the same protocol a real agent speaks (docs/agent-protocol.md).
 */

export type FetchLike = (input: string, init: { method: string; headers: Record<string, string>; body: string }) => Promise<Response>

export interface SimulatedAgentOptions {
  /** Server origin, e.g. http://localhost:8080 (the protocol lives under /agent/v1). */
  server: string
  enrollmentToken: string
  serialNumber: string
  platform?: AgentPlatform
  imei?: string
  model?: string
  name?: string
  osVersion?: string
  /** Lock-screen passcode set on the phone ('' = none). */
  passcode?: string
  /** The app that runApp brings to the foreground when the task names none. */
  defaultApp?: string
  battery?: number
  /** Poll interval of start(); default what the server asks for. */
  pollIntervalMs?: number
  /** HTTP client; tests pass the app's own request handler. Default: global fetch. */
  fetch?: FetchLike
  /** Commands this phone fails, with the reason it reports (e.g. an unsupported model). */
  failCommands?: Partial<Record<AgentTaskType, string>>
  /** Commands whose result this phone never sends (it crashes while executing them): they end as TIMEOUT. */
  dropResults?: AgentTaskType[]
  /** The phone's clock (tests move it); default the real one. */
  now?: () => Date
  log?: (line: string) => void
}

/** The phone's own state, which only the tasks it executes change. */
export interface SimulatedPhoneState {
  poweredOn: boolean
  locked: boolean
  passcode: string
  runningApp: string | null
  loggedIn: boolean
  controlled: boolean
  battery: number
  wipedAt: string | null
  /** Issue #45: locked because the service period ended (by the server's serviceLock, or by itself at lockAt). */
  serviceLocked: boolean
  /** The service terms of the last poll that reached the server: the agent enforces them without the network. */
  service: ServiceTerms | null
  /** A lock someone set by hand (lockScreen); the screen is locked while either lock holds. */
  manualLocked: boolean
}

export interface ExecutedTask {
  task: AgentTask
  result: ResultRequest
  /** The server's answer; undefined when the result was not sent (dropResults). */
  answer?: ResultResponse
}

export interface PollOutcome {
  /** Why the phone did not reach the server on this poll. */
  skipped?: 'poweredOff' | 'leftManagement'
  executed: ExecutedTask[]
}

export class AgentProtocolError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

export class SimulatedAgent {
  readonly options: Required<Pick<SimulatedAgentOptions, 'server' | 'serialNumber' | 'platform' | 'defaultApp'>> & SimulatedAgentOptions
  readonly state: SimulatedPhoneState
  credential: string | null = null
  deviceId: number | null = null
  /** The server's poll interval from its last answer. */
  serverIntervalMs = 10_000
  private timer: ReturnType<typeof setTimeout> | undefined
  private running: Promise<unknown> = Promise.resolve()
  private stopped = true

  constructor(options: SimulatedAgentOptions) {
    this.options = { platform: 'HUAWEI', defaultApp: 'com.rental.launcher', ...options }
    this.state = {
      poweredOn: true,
      locked: false,
      passcode: options.passcode ?? '',
      runningApp: null,
      loggedIn: true,
      controlled: true,
      battery: options.battery ?? 80,
      wipedAt: null,
      serviceLocked: false,
      service: null,
      manualLocked: false,
    }
  }

  private now(): Date {
    return this.options.now?.() ?? new Date()
  }

  /**
   * Issue #45, docs/agent-protocol.md "Service terms": the phone locks itself when its clock passes the last terms'
   * lockAt, whether or not it can reach the server. Called before every poll and on its own timer.
   */
  enforceServiceTerms(): void {
    const lockAt = this.state.service?.lockAt
    if (lockAt && !this.state.serviceLocked && Date.parse(lockAt) <= this.now().getTime()) {
      this.setServiceLocked(true)
      this.log(text.taskDone('serviceLock'))
    }
  }

  /** Terms from a poll: a past lockAt locks, none or a later one lifts the service lock (renewed, marked paid). */
  private applyServiceTerms(terms: ServiceTerms | undefined) {
    if (!terms) return
    this.state.service = terms
    const due = terms.lockAt !== null && Date.parse(terms.lockAt) <= this.now().getTime()
    if (due !== this.state.serviceLocked) this.setServiceLocked(due)
  }

  private setServiceLocked(on: boolean) {
    this.state.serviceLocked = on
    this.state.locked = on || this.state.manualLocked
  }

  /** What the phone tells the server about itself (never the passcode itself). */
  reportedState(): AgentDeviceState {
    const s = this.state
    return {
      poweredOn: s.poweredOn,
      locked: s.locked,
      passcodeSet: s.passcode !== '',
      runningApp: s.runningApp,
      loggedIn: s.loggedIn,
      controlled: s.controlled,
      battery: s.battery,
      wipedAt: s.wipedAt,
      serviceLocked: s.serviceLocked,
    }
  }

  private log(line: string) {
    this.options.log?.(`[${this.options.serialNumber}] ${line}`)
  }

  /**
   * One call of the agent protocol, through its endpoint-table entry: the answer is parsed with the entry's response
   * schema, so a server that drifts from the contract fails here as it would fail a real agent.
   */
  private async call<E extends Endpoint>(endpoint: E, body: RequestOf<E>, credential?: string): Promise<ResponseOf<E>> {
    const doFetch: FetchLike = this.options.fetch ?? ((input, init) => fetch(input, init))
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (credential) headers.authorization = `Device ${credential}`
    const res = await doFetch(`${this.options.server.replace(/\/$/, '')}${endpointUrl(endpoint)}`, {
      method: endpoint.method,
      headers,
      body: JSON.stringify(body),
    })
    const answer = await res.text()
    let envelope: { code?: number; msg?: string; data?: unknown }
    try {
      envelope = JSON.parse(answer)
    } catch {
      throw new AgentProtocolError(res.status, answer.slice(0, 200))
    }
    if (envelope.code !== 200) throw new AgentProtocolError(envelope.code ?? res.status, envelope.msg ?? '')
    const data = endpoint.response.safeParse(envelope.data)
    if (!data.success) throw new AgentProtocolError(res.status, text.answerOffContract(endpoint.path, data.error.message))
    return data.data as ResponseOf<E>
  }

  /** Enrolls (or re-enrolls after a wipe) with the company's token and keeps the credential it receives. */
  async enroll(): Promise<EnrollResponse> {
    const o = this.options
    const answer = await this.call(agentEndpoints.enroll, {
      enrollmentToken: o.enrollmentToken,
      serialNumber: o.serialNumber,
      platform: o.platform,
      ...(o.imei ? { imei: o.imei } : {}),
      ...(o.model ? { model: o.model } : {}),
      ...(o.name ? { name: o.name } : {}),
      ...(o.osVersion ? { osVersion: o.osVersion } : {}),
      state: this.reportedState(),
    })
    this.credential = answer.credential
    this.deviceId = answer.deviceId
    this.serverIntervalMs = answer.pollIntervalSeconds * 1000
    this.log(text.enrolled(answer.deviceId))
    return answer
  }

  /**
   * One poll: fetch the pending tasks, execute them in order and report each result. A phone that was shut down or
   * rebooted is off for this one poll (it boots meanwhile); one that left management no longer polls.
   */
  async pollOnce(): Promise<PollOutcome> {
    if (!this.state.controlled) return { skipped: 'leftManagement', executed: [] }
    if (!this.state.poweredOn) {
      this.state.poweredOn = true
      this.state.runningApp = null
      this.log(text.poweredOn)
      return { skipped: 'poweredOff', executed: [] }
    }
    this.enforceServiceTerms()
    if (!this.credential) await this.enroll()
    let answer: PollResponse
    try {
      answer = await this.call(agentEndpoints.poll, { state: this.reportedState() }, this.credential!)
    } catch (err) {
      // The server no longer knows this credential: enroll again next time.
      if (err instanceof AgentProtocolError && err.code === 401) this.credential = null
      throw err
    }
    this.serverIntervalMs = answer.pollIntervalSeconds * 1000
    this.applyServiceTerms(answer.service)
    const executed: ExecutedTask[] = []
    for (const task of answer.tasks) {
      const { result, after } = this.execute(task)
      const entry: ExecutedTask = { task, result }
      if (!this.options.dropResults?.includes(task.type)) {
        entry.answer = await this.call(agentEndpoints.result, result, this.credential!)
      }
      this.log(result.success ? text.taskDone(task.type) : text.taskFailed(task.type, result.reason))
      executed.push(entry)
      // The phone finishes the batch it received on its way down, so no delivered task is left without a result;
      // those results report it off, and it boots at its next poll.
      if (after === 'powerOff') this.state.poweredOn = false
      // A wiped phone has lost its agent and one that left management stops: tasks after these in the batch get no
      // result and time out, as on a real phone.
      if (after === 'wipe') {
        this.wipe()
        break
      }
      if (after === 'leave') {
        this.credential = null
        break
      }
    }
    return { executed }
  }

  private execute(task: AgentTask): { result: ResultRequest; after?: 'powerOff' | 'wipe' | 'leave' } {
    const reason = this.options.failCommands?.[task.type]
    if (reason) return { result: { taskId: task.taskId, success: false, reason, state: this.reportedState() } }
    const s = this.state
    const done = (data: Record<string, unknown> = {}, state = this.reportedState()): ResultRequest => ({ taskId: task.taskId, success: true, data, state })
    switch (task.type) {
      case 'check':
        return { result: done({ online: true, battery: s.battery }) }
      case 'getDeviceInfo': {
        const o = this.options
        return {
          result: done({
            ...(o.model ? { model: o.model } : {}),
            ...(o.name ? { name: o.name } : {}),
            ...(o.osVersion ? { osVersion: o.osVersion } : {}),
            ...(o.imei ? { imei: o.imei } : {}),
            battery: s.battery,
          }),
        }
      }
      case 'clearPasscode':
        s.passcode = ''
        return { result: done() }
      case 'backDesktop':
        s.runningApp = null
        return { result: done() }
      case 'logOff':
        s.loggedIn = false
        s.runningApp = null
        return { result: done() }
      case 'runApp': {
        const app = typeof task.payload.packageName === 'string' ? task.payload.packageName : this.options.defaultApp
        s.runningApp = app
        return { result: done({ packageName: app }) }
      }
      case 'getLockPasscode':
        return { result: done({ password: s.passcode }) }
      case 'shutdown':
      case 'reboot':
        return { result: done({}, { ...this.reportedState(), poweredOn: false }), after: 'powerOff' }
      case 'restoreSettings': {
        const wipedAt = new Date().toISOString()
        const state = { ...this.reportedState(), locked: false, passcodeSet: false, runningApp: null, loggedIn: false, wipedAt }
        s.wipedAt = wipedAt
        return { result: done({}, state), after: 'wipe' }
      }
      case 'lockScreen':
        s.manualLocked = true
        s.locked = true
        return { result: done() }
      case 'unlockScreen':
        // A person's unlock does not lift the service lock (issue #45): the screen stays locked until renewal.
        s.manualLocked = false
        s.locked = s.serviceLocked
        return { result: done() }
      case 'serviceLock':
        this.setServiceLocked(true)
        return { result: done() }
      case 'serviceUnlock':
        this.setServiceLocked(false)
        return { result: done() }
      case 'exitControl':
        s.controlled = false
        return { result: done({}, this.reportedState()), after: 'leave' }
    }
  }

  /** Factory reset: no passcode, no app, nobody signed in, and the agent's credential is gone (it re-enrolls). */
  private wipe() {
    Object.assign(this.state, { locked: false, manualLocked: false, serviceLocked: false, passcode: '', runningApp: null, loggedIn: false })
    this.credential = null
  }

  /** Polls on a timer until stop(); errors are logged and the next poll tries again. */
  start(): this {
    if (!this.stopped) return this
    this.stopped = false
    const tick = () => {
      if (this.stopped) return
      this.running = this.pollOnce()
        .catch((err: Error) => this.log(text.pollFailed(err.message)))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(tick, this.options.pollIntervalMs ?? this.serverIntervalMs)
        })
    }
    tick()
    return this
  }

  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.timer)
    await this.running
  }
}
