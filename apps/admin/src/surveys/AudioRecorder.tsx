import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import MicIcon from '@mui/icons-material/Mic';
import StopIcon from '@mui/icons-material/Stop';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, Stack, Typography } from '@mui/material';
import { ChangeEvent, useEffect, useRef, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { MAX_FILE_BYTES } from '../shared/files';
import { formatQuantity } from '../shared/format';
import { AUDIO_ACCEPT, formatDuration, recordingFileName, recordingType } from './survey-record';

/** Stop a little before the 10 MB limit, so the last second of data does not push the file over it. */
const STOP_BEFORE_BYTES = MAX_FILE_BYTES - 256 * 1024;

const canRecord = () => typeof window !== 'undefined' && typeof window.MediaRecorder !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);

/** 1.5 MB, 320 KB: a recording's size for people. */
const sizeText = (bytes: number, locale: string) =>
  bytes >= 1024 * 1024 ? formatQuantity(bytes / (1024 * 1024), locale, 'MB', 1) : formatQuantity(Math.max(1, Math.round(bytes / 1024)), locale, 'KB', 0);

export interface AudioRecorderProps {
  audio: File | null;
  onAudio: (audio: File | null) => void;
  /** A problem to show (a translation key or the API's message). */
  error: string | null;
  onError: (error: string | null) => void;
  disabled?: boolean;
}

/**
 * A phone call as a recording made here (MediaRecorder: start, stop, its running time, then played
 * back before it goes) or an uploaded sound file. Either way one file is the panel's `audio`.
 */
export const AudioRecorder = ({ audio, onAudio, error, onError, disabled }: AudioRecorderProps) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [recording, setRecording] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const [stoppedAtLimit, setStoppedAtLimit] = useState(false);
  const [playbackUrl, setPlaybackUrl] = useState<string | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const timer = useRef<number | null>(null);
  const supported = canRecord();

  // The playback follows the chosen audio, whichever way it came.
  useEffect(() => {
    if (!audio) {
      setPlaybackUrl(null);
      return undefined;
    }
    const url = URL.createObjectURL(audio);
    setPlaybackUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [audio]);

  const release = () => {
    if (timer.current !== null) window.clearInterval(timer.current);
    timer.current = null;
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  };

  // Leaving the page while recording lets go of the microphone.
  useEffect(
    () => () => {
      if (recorder.current?.state === 'recording') {
        recorder.current.ondataavailable = null;
        recorder.current.onstop = null;
        recorder.current.stop();
      }
      release();
    },
    [],
  );

  const start = async () => {
    onError(null);
    setStoppedAtLimit(false);
    try {
      const microphone = await navigator.mediaDevices.getUserMedia({ audio: true });
      stream.current = microphone;
      const type = recordingType((candidate) => MediaRecorder.isTypeSupported(candidate));
      const started = new MediaRecorder(microphone, type ? { mimeType: type } : undefined);
      const chunks: Blob[] = [];
      let bytes = 0;
      started.ondataavailable = (event) => {
        if (event.data.size === 0) return;
        chunks.push(event.data);
        bytes += event.data.size;
        if (bytes >= STOP_BEFORE_BYTES && started.state === 'recording') {
          setStoppedAtLimit(true);
          started.stop();
        }
      };
      started.onstop = () => {
        release();
        setRecording(false);
        const recordedType = started.mimeType || type || 'audio/webm';
        const blob = new Blob(chunks, { type: recordedType });
        if (blob.size > 0) onAudio(new File([blob], recordingFileName(recordedType, new Date()), { type: recordedType }));
      };
      recorder.current = started;
      const startedAt = Date.now();
      setSeconds(0);
      timer.current = window.setInterval(() => setSeconds((Date.now() - startedAt) / 1000), 250);
      // Data every second, so the size is known while recording.
      started.start(1000);
      onAudio(null);
      setRecording(true);
    } catch {
      release();
      onError('resources.surveys.audio.microphone_refused');
    }
  };

  const stop = () => {
    if (recorder.current?.state === 'recording') recorder.current.stop();
  };

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    onError(null);
    setStoppedAtLimit(false);
    onAudio(file);
  };

  return (
    <Stack spacing={2} data-testid="survey-audio">
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { xs: 'stretch', sm: 'center' }, flexWrap: 'wrap' }}>
        {supported ? (
          recording ? (
            <Button variant="contained" color="error" startIcon={<StopIcon />} onClick={stop} data-testid="survey-audio-stop">
              {translate('resources.surveys.audio.stop')}
            </Button>
          ) : (
            <Button variant="outlined" startIcon={<MicIcon />} onClick={() => void start()} disabled={disabled} data-testid="survey-audio-record">
              {translate(audio ? 'resources.surveys.audio.record_again' : 'resources.surveys.audio.record')}
            </Button>
          )
        ) : null}
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={disabled || recording}>
          {translate('resources.surveys.audio.upload')}
          <input hidden type="file" accept={AUDIO_ACCEPT.join(',')} onChange={pick} data-testid="survey-audio-input" />
        </Button>
        {recording ? (
          <Typography role="timer" aria-live="off" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontVariantNumeric: 'tabular-nums' }} data-testid="survey-audio-timer">
            <FiberManualRecordIcon color="error" fontSize="small" aria-hidden />
            {translate('resources.surveys.audio.recording', { time: formatDuration(seconds) })}
          </Typography>
        ) : null}
      </Stack>
      {supported ? null : (
        <Typography variant="body2" color="text.secondary">
          {translate('resources.surveys.audio.not_supported')}
        </Typography>
      )}
      {stoppedAtLimit ? (
        <Typography variant="body2" color="text.secondary">
          {translate('resources.surveys.audio.stopped_at_limit')}
        </Typography>
      ) : null}
      {audio && playbackUrl ? (
        <Box>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {audio.name} ({sizeText(audio.size, locale)})
            </Typography>
            <Button size="small" startIcon={<DeleteOutlineIcon />} onClick={() => onAudio(null)} disabled={disabled}>
              {translate('resources.surveys.audio.discard')}
            </Button>
          </Stack>
          <Box component="audio" controls src={playbackUrl} sx={{ width: '100%', maxWidth: 480, mt: 1 }} data-testid="survey-audio-playback" />
        </Box>
      ) : null}
      {error ? (
        <Typography variant="body2" color="error" role="alert" data-testid="survey-audio-error">
          {translate(error, { _: error })}
        </Typography>
      ) : null}
    </Stack>
  );
};
