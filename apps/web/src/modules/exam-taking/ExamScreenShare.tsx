import { DesktopOutlined } from '@ant-design/icons';
import { Badge, Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExamCamera } from './use-exam-camera.ts';

type ScreenState = 'ask' | 'connecting' | 'live' | 'off';

const BADGE = { ask: 'warning', connecting: 'processing', live: 'success', off: 'error' } as const;

export function screenState(screen: ExamCamera['screen']): ScreenState {
  if (screen.stop) return 'off';
  if (screen.published) return 'live';
  return screen.track ? 'connecting' : 'ask';
}

/** The screen's state as a badge (the panel's head shows it while the panel is folded). */
export function ScreenBadge({ screen }: { screen: ExamCamera['screen'] }) {
  const { t } = useTranslation('exam-taking');
  const state = screenState(screen);
  return <Badge status={BADGE[state]} text={t(`screen_state_${state}`)} className="exam-camera-state" />;
}

/**
 * The shared screen's part of the camera panel, for an exam that shares screens: its state, what to do, and the
 * button that asks for the entire screen (browsers ask only on a click) — "share again" once refused or stopped.
 */
export function ExamScreenShare({ screen }: { screen: ExamCamera['screen'] }) {
  const { t } = useTranslation('exam-taking');
  const state = screenState(screen);
  const note = screen.stop ? t(`screen_note_${screen.stop}`) : state === 'ask' ? t('screen_note_ask') : null;
  // A browser that cannot share a screen gets no button.
  const canAsk = screen.stop !== 'missing' && (state === 'ask' || state === 'off');
  return (
    <div className="exam-screen" data-testid="exam-screen" data-state={state}>
      <ScreenBadge screen={screen} />
      {note ? (
        <Typography.Text
          type={state === 'off' ? 'danger' : 'secondary'}
          className="exam-camera-note"
          data-testid="exam-screen-note"
        >
          {note}
        </Typography.Text>
      ) : null}
      {canAsk ? (
        <Button
          size="small"
          type="primary"
          icon={<DesktopOutlined />}
          loading={screen.asking}
          onClick={() => void screen.share()}
          data-testid="exam-screen-share"
        >
          {t(state === 'off' ? 'screen_again' : 'screen_share')}
        </Button>
      ) : null}
    </div>
  );
}
