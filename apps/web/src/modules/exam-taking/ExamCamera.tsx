import { CompressOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { Badge, Button, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api.ts';
import { StreamVideo } from '../janus/index.ts';
import { ExamScreenShare, ScreenBadge } from './ExamScreenShare.tsx';
import { type ExamCamera, useExamCamera } from './use-exam-camera.ts';

type PanelState = 'asking' | 'connecting' | 'live' | 'off' | 'unused';

const BADGE = {
  asking: 'processing',
  connecting: 'processing',
  live: 'success',
  off: 'error',
  unused: 'default',
} as const;

function panelState(camera: ExamCamera): PanelState {
  if (camera.noMedia) return 'unused';
  if (camera.stop) return 'off';
  if (camera.published) return 'live';
  return camera.preview ? 'connecting' : 'asking';
}

/** What the candidate should know beside the state: why the camera is off, or that the exam goes on without it. */
function noteOf(camera: ExamCamera, t: (key: string, o?: Record<string, unknown>) => string): string | null {
  if (camera.noMedia === 'unconfigured') return t('camera_note_unconfigured');
  if (camera.noMedia === 'refused') return t('camera_note_refused', { reason: errorMessage(camera.error) });
  if (camera.stop) return t(`camera_note_${camera.stop}`);
  if (!camera.published && (camera.phase === 'failed' || camera.phase === 'reconnecting')) {
    return t('camera_note_retrying');
  }
  return null;
}

/**
 * The candidate's own camera while answering an exam with live invigilation (muted, mirrored): small and fixed in
 * the bottom corner, folded to a badge on demand, with what to do when the camera is refused or stops. With `screen`
 * (the exam shares screens), the screen's state and its "share your screen" button under the camera, once the camera
 * was asked (the panel unfolds when the screen stops).
 */
export function ExamCameraPanel({
  attemptId,
  userId,
  screen = false,
}: {
  attemptId: number;
  userId: number;
  screen?: boolean;
}) {
  const { t } = useTranslation('exam-taking');
  const camera = useExamCamera(attemptId, userId, screen);
  const [folded, setFolded] = useState(false);
  const state = panelState(camera);
  const note = noteOf(camera, t);
  const withScreen = camera.screen.wanted && state !== 'asking';
  const screenStop = camera.screen.stop;
  useEffect(() => {
    if (screenStop) setFolded(false);
  }, [screenStop]);

  return (
    <aside
      className={folded ? 'exam-camera is-folded' : 'exam-camera'}
      aria-label={t('camera_panel')}
      data-testid="exam-camera"
      data-state={state}
    >
      <div className="exam-camera-head">
        <div className="exam-camera-states">
          <Badge status={BADGE[state]} text={t(`camera_state_${state}`)} className="exam-camera-state" />
          {folded && withScreen ? <ScreenBadge screen={camera.screen} /> : null}
        </div>
        <Button
          type="text"
          size="small"
          icon={folded ? <VideoCameraOutlined /> : <CompressOutlined />}
          aria-label={t(folded ? 'camera_show' : 'camera_fold')}
          title={t(folded ? 'camera_show' : 'camera_fold')}
          aria-expanded={!folded}
          onClick={() => setFolded((f) => !f)}
          data-testid="exam-camera-fold"
        />
      </div>
      {folded ? null : (
        <>
          {camera.preview ? (
            <StreamVideo
              stream={camera.preview}
              mirror
              label={t('camera_preview')}
              className="exam-camera-video"
              testId="exam-camera-video"
            />
          ) : null}
          {note ? (
            <Typography.Text type={state === 'off' ? 'danger' : 'secondary'} className="exam-camera-note">
              {note}
            </Typography.Text>
          ) : null}
          {camera.stop ? (
            <Button size="small" onClick={camera.again} data-testid="exam-camera-again">
              {t('camera_again')}
            </Button>
          ) : null}
          {withScreen ? <ExamScreenShare screen={camera.screen} /> : null}
        </>
      )}
    </aside>
  );
}
