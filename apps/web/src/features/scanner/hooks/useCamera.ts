import { useEffect, useRef, useState, type RefObject } from 'react';

export type CameraStatus = 'starting' | 'running' | 'denied' | 'unavailable' | 'failed';
export type CameraState = { status: CameraStatus; message?: string };

/** How often a frame is handed to the reader (ms); the reader itself takes ~10-40 ms a frame on a phone. */
const FRAME_INTERVAL_MS = 120;
/** The code just taken is taken again only after it has been out of view this long (no double scans of a held ticket). */
const SAME_CODE_GONE_MS = 1500;

function problem(error: unknown): CameraState {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return { status: 'denied', message: 'Camera access is blocked. Allow the camera for this site in the browser settings, or type the code.' };
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return { status: 'unavailable', message: 'No camera was found on this device. Type the code or use a keyboard scanner.' };
  return { status: 'failed', message: error instanceof Error ? `The camera could not start: ${error.message}` : 'The camera could not start.' };
}

/**
 * Streams the back camera into the video element while mounted and, while `detecting`, reads every few
 * frames with the BarcodeDetector ponyfill (its code and .wasm load only now, never with the first page).
 */
export function useCamera(video: RefObject<HTMLVideoElement | null>, options: { detecting: boolean; formats: readonly string[]; onDetect: (value: string) => void }): CameraState {
  const [state, setState] = useState<CameraState>({ status: 'starting' });
  const onDetect = useRef(options.onDetect);
  const last = useRef<{ value: string; at: number } | null>(null);
  useEffect(() => {
    onDetect.current = options.onDetect;
  });

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (!navigator.mediaDevices?.getUserMedia) {
      queueMicrotask(() => setState({ status: 'unavailable', message: 'This browser cannot use the camera here (it needs HTTPS). Type the code or use a keyboard scanner.' }));
      return;
    }
    let stream: MediaStream | null = null;
    let stopped = false;
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false })
      .then(async (media) => {
        if (stopped) {
          media.getTracks().forEach((track) => track.stop());
          return;
        }
        stream = media;
        element.srcObject = media;
        await element.play().catch(() => undefined);
        setState({ status: 'running' });
      })
      .catch((error: unknown) => {
        if (!stopped) setState(problem(error));
      });
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
      element.srcObject = null;
    };
  }, [video]);

  const formatKey = options.formats.join(',');
  const running = state.status === 'running';
  useEffect(() => {
    if (!running || !options.detecting) return;
    // Resuming after a result: the code just taken counts as still in view until it has been gone a while.
    if (last.current) last.current = { ...last.current, at: Date.now() };
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void import('../barcode-reader')
      .then(({ createBarcodeReader }) => {
        const reader = createBarcodeReader(formatKey.split(',').filter(Boolean));
        const tick = async () => {
          const element = video.current;
          if (cancelled || !element) return;
          if (element.readyState >= 2 && element.videoWidth > 0) {
            try {
              const [found] = await reader.detect(element);
              const value = found?.rawValue;
              const now = Date.now();
              const previous = last.current;
              if (!cancelled && value) {
                const stillInView = previous !== null && previous.value === value && now - previous.at < SAME_CODE_GONE_MS;
                last.current = { value, at: now };
                if (!stillInView) {
                  onDetect.current(value);
                  return;
                }
              }
            } catch (error) {
              console.error('Reading a camera frame failed', error);
            }
          }
          if (!cancelled) timer = setTimeout(() => void tick(), FRAME_INTERVAL_MS);
        };
        void tick();
      })
      .catch((error: unknown) => {
        if (!cancelled) setState(problem(error));
      });
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [running, options.detecting, formatKey, video]);

  return state;
}
