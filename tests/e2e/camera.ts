import { readFileSync } from 'node:fs'
import type { BrowserContext, Page } from 'playwright-core'

/** A Code 128 barcode of `value` as a PNG data URL, drawn by ZXing's writer (as printed on a phone's box). */
export async function barcodeImage(value: string): Promise<string> {
  const { prepareZXingModule, writeBarcode } = await import('zxing-wasm/writer')
  await prepareZXingModule({ overrides: { wasmBinary: readFileSync('node_modules/zxing-wasm/dist/writer/zxing_writer.wasm').buffer as ArrayBuffer }, fireImmediately: true })
  const png = (await writeBarcode(value, { format: 'Code128', scale: 3 } as never)).image!
  return `data:image/png;base64,${Buffer.from(await png.arrayBuffer()).toString('base64')}`
}

/**
 * The context's camera shows a barcode of `value` (or, once showBarcode was called, that one): getUserMedia answers
 * with a canvas drawing the printed code, as a video stream. Chromium has no BarcodeDetector on Linux, so the console's
 * ZXing reader (its WebAssembly) reads it — the camera path a phone without one takes. Call before the context's pages
 * open.
 */
export async function cameraShowing(context: BrowserContext, value: string): Promise<void> {
  await context.addInitScript((src: string) => {
    navigator.mediaDevices.getUserMedia = async () => {
      const img = new Image()
      img.src = (window as { barcodeShown?: string }).barcodeShown ?? src
      await img.decode()
      const canvas = document.createElement('canvas')
      canvas.width = 640
      canvas.height = 360
      const draw = () => {
        const g = canvas.getContext('2d')!
        g.fillStyle = '#fff'
        g.fillRect(0, 0, canvas.width, canvas.height)
        g.drawImage(img, (canvas.width - img.width) / 2, (canvas.height - img.height) / 2)
        requestAnimationFrame(draw)
      }
      draw()
      return canvas.captureStream(15)
    }
  }, await barcodeImage(value))
}

/** The page's camera shows another code from its next opening (null: back to the context's). */
export async function showBarcode(page: Page, value: string | null): Promise<void> {
  const src = value === null ? null : await barcodeImage(value)
  await page.evaluate((shown) => {
    const w = window as { barcodeShown?: string }
    if (shown === null) delete w.barcodeShown
    else w.barcodeShown = shown
  }, src)
}
