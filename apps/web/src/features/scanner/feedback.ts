import type { ScanStatus } from '@scanbase/contracts/scanner';

let audio: AudioContext | null = null;

/** Creates (or resumes) the audio context; call it from a tap so later beeps are allowed to sound. */
export function unlockAudio(): void {
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') void audio.resume();
  } catch {
    audio = null;
  }
}

/** A short beep: high for valid, low double for invalid, middle for recorded / saved. */
export function beep(status: ScanStatus | 'queued'): void {
  try {
    audio ??= new AudioContext();
    const context = audio;
    const tones = status === 1 ? [880] : status === 0 ? [220, 220] : [587];
    tones.forEach((frequency, index) => {
      const start = context.currentTime + index * 0.18;
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = status === 0 ? 'square' : 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.25, start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.14);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start);
      oscillator.stop(start + 0.15);
    });
  } catch {
    // No audio (old browser, no output device): the colour and the text still say it.
  }
}

/** A vibration where the device has one: one short buzz for valid, two long for invalid. */
export function vibrate(status: ScanStatus | 'queued'): void {
  if (typeof navigator === 'undefined' || typeof navigator.vibrate !== 'function') return;
  try {
    navigator.vibrate(status === 0 ? [200, 100, 200] : status === 1 ? 80 : 120);
  } catch {
    // Some browsers refuse vibration without a recent tap; nothing else to do.
  }
}
