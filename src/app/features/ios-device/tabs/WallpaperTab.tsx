import { useRef, useState } from 'react'
import { Button, Selector } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import { WALLPAPER_EXTENSIONS, WALLPAPER_MAX_MB, type Wallpaper, type WallpaperWhere } from '../../../../shared/contract/ios-wallpaper'
import { formatDate } from '../../../../shared/domain/format'
import { commandState } from '../../../../shared/domain/status-language'
import { iosDetailRefusal } from '../../../../shared/domain/ios-detail-commands'
import { validateUpload } from '../../../../shared/domain/validators'
import { successMessages } from '../../../../shared/messages/common'
import { wallpaperText as t } from '../../../../shared/messages/ios-detail-b'
import { confirmAction } from '../../../components/dialogs'
import { OnlineButton } from '../../../components/OnlineButton'
import { base64Of } from '../../../components/file-base64'
import { notify } from '../../../notify'
import { useWallpaperImage } from '../use-wallpaper-image'
import { useWallpaperMutations, wallpaperOnDeviceQuery, wallpapersQuery } from '../detail-b-queries'
import { api } from '../../../api/routes'
import type { IosTabProps } from './tab-props'
import { useSentToDevice } from './use-sent-to-device'

function Thumb({ wallpaper, chosen, onChoose }: { wallpaper: Wallpaper; chosen: boolean; onChoose: () => void }) {
  const url = useWallpaperImage(wallpaper.id)
  return (
    <button type="button" className="wallpaper-pick" aria-pressed={chosen} aria-label={wallpaper.name} onClick={onChoose}>
      {url ? <img src={url} alt="" /> : null}
    </button>
  )
}

/** What the device shows (its last acknowledged wallpaper) and the newest wallpaper command still on its way. */
function OnDevice({ deviceId }: { deviceId: number }) {
  const state = useQuery(wallpaperOnDeviceQuery(deviceId)).data
  const url = useWallpaperImage(state?.current?.wallpaperId ?? null)
  if (!state) return null
  return (
    <section className="device-section" aria-label={t.onDevice}>
      <h2>{t.onDevice}</h2>
      {state.current ? (
        <p>
          {url ? <img className="wallpaper-current" src={url} alt={state.current.name ?? ''} /> : null}
          <br />
          {state.current.name ?? `#${state.current.wallpaperId}`} · {t.whereOptions[state.current.where]} · {formatDate(state.current.at)}
        </p>
      ) : (
        <p className="form-hint">{t.noneOnDevice}</p>
      )}
      {state.pending ? (
        <p className="form-hint">
          {state.pending.name ?? `#${state.pending.wallpaperId}`} · {commandState(state.pending.status).label}
          {state.pending.errorMessage ? ` · ${state.pending.errorMessage}` : ''}
        </p>
      ) : null}
    </section>
  )
}

/** 壁纸 (SPEC §2): the company's wallpapers, upload (SPEC §5 checks), delete, and sending one to the device. */
export function WallpaperTab({ device }: IosTabProps) {
  const list = useQuery(wallpapersQuery())
  const { upload, remove } = useWallpaperMutations()
  const install = useSentToDevice(api.iosWallpaper.install, device.id, t.send, successMessages.sendWallpaper)
  const [chosen, setChosen] = useState<number | null>(null)
  const [where, setWhere] = useState<WallpaperWhere>(3)
  const fileInput = useRef<HTMLInputElement>(null)
  const refusal = iosDetailRefusal(device, 'wallpaper')
  const chosenWallpaper = list.data?.find((w) => w.id === chosen) ?? null

  const onFile = async (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = ''
    if (!file) return
    const invalid = validateUpload(file, { extensions: WALLPAPER_EXTENSIONS, maxMB: WALLPAPER_MAX_MB })
    if (invalid) return notify.warning(invalid)
    const req = { fileName: file.name, contentBase64: await base64Of(file) }
    await upload.mutateAsync(req).then(({ id }) => (setChosen(id), notify.success(successMessages.save)), () => undefined)
  }
  const send = async () => {
    // SPEC §5: nothing chosen.
    if (!chosenWallpaper) return notify.warning(t.chooseOne)
    await install.mutateAsync({ deviceId: device.id, wallpaperId: chosenWallpaper.id, where }).catch(() => undefined)
  }
  const del = async () => {
    if (!chosenWallpaper || !(await confirmAction(t.deleteConfirm(chosenWallpaper.name)))) return
    await remove.mutateAsync(chosenWallpaper.id).then(() => (setChosen(null), notify.success(successMessages.deleteWallpaper)), () => undefined)
  }

  return (
    <div className="wallpaper-tab">
      <section className="device-section" aria-label={t.title}>
        <div className="section-head">
          <h2>{t.title}</h2>
          <Button size="small" loading={upload.isPending} onClick={() => fileInput.current?.click()}>
            {t.upload}
          </Button>
          <input ref={fileInput} type="file" accept=".jpg,.jpeg,.png,image/png,image/jpeg" hidden onChange={(e) => void onFile(e.target.files?.[0])} />
        </div>
        <p className="form-hint">{t.uploadHint(WALLPAPER_MAX_MB)}</p>
        {list.data?.length === 0 ? <p className="form-hint">{t.empty}</p> : null}
        <ul className="wallpaper-grid">
          {list.data?.map((w) => (
            <li key={w.id}>
              <Thumb wallpaper={w} chosen={w.id === chosen} onChoose={() => setChosen(w.id === chosen ? null : w.id)} />
              <span className="wallpaper-name">{w.name}</span>
            </li>
          ))}
        </ul>
        <Selector
          aria-label={t.where}
          columns={3}
          options={([1, 2, 3] as const).map((value) => ({ label: t.whereOptions[value], value }))}
          value={[where]}
          onChange={(v) => v[0] && setWhere(v[0])}
        />
        <div className="wallpaper-actions">
          <OnlineButton color="primary" disabled={refusal !== null || install.isPending} onClick={() => void send()}>
            {t.send}
          </OnlineButton>
          <OnlineButton color="danger" fill="outline" disabled={!chosenWallpaper || remove.isPending} onClick={() => void del()}>
            {t.delete}
          </OnlineButton>
        </div>
        {refusal ? <p className="form-hint">{refusal}</p> : null}
      </section>
      <OnDevice deviceId={device.id} />
    </div>
  )
}
