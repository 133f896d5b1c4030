import {
  ApartmentOutlined,
  ArrowRightOutlined,
  BarChartOutlined,
  FileDoneOutlined,
  ReadOutlined,
  TagsOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import { Button, Progress } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LinkButton } from './LinkButton.tsx';
import { PublicFooter, PublicTopBar, usePublicTitle } from './PublicChrome.tsx';

const FEATURES: { key: string; icon: ReactNode }[] = [
  { key: 'certification', icon: <TrophyOutlined /> },
  { key: 'exams', icon: <FileDoneOutlined /> },
  { key: 'courses', icon: <ReadOutlined /> },
  { key: 'annotation', icon: <TagsOutlined /> },
  { key: 'organisations', icon: <ApartmentOutlined /> },
  { key: 'statistics', icon: <BarChartOutlined /> },
];

const STEPS = ['register', 'invite', 'work'] as const;

/** /home: the public landing page — what the platform does, and the way in. */
export function HomePage() {
  const { t } = useTranslation(['auth', 'common']);
  usePublicTitle(t('home_title'));
  return (
    <div className="home-page" data-testid="home-page">
      <PublicTopBar>
        <Link to="/wx-help">{t('nav_wx_help')}</Link>
        <LinkButton to="/login" type="primary" data-testid="home-login-top">
          {t('nav_login')}
        </LinkButton>
      </PublicTopBar>

      <section className="home-hero">
        <div className="home-hero-text">
          <span className="home-eyebrow">{t('home_eyebrow')}</span>
          <h1>{t('home_headline')}</h1>
          <p>{t('home_lead')}</p>
          <div className="home-hero-actions">
            <LinkButton to="/login" type="primary" size="large" data-testid="home-login">
              {t('home_cta_login')} <ArrowRightOutlined />
            </LinkButton>
            <LinkButton to="/registersite" size="large" data-testid="home-register">
              {t('home_cta_register')}
            </LinkButton>
          </div>
        </div>
        <HeroBoard />
      </section>

      <section className="home-section">
        <h2>{t('home_features_title')}</h2>
        <p className="home-section-lead">{t('home_features_lead')}</p>
        <div className="home-features">
          {FEATURES.map(({ key, icon }) => (
            <article key={key} className="home-feature">
              <span className="home-feature-icon">{icon}</span>
              <h3>{t(`feature_${key}_title`)}</h3>
              <p>{t(`feature_${key}_text`)}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="home-section home-section-alt">
        <h2>{t('home_steps_title')}</h2>
        <ol className="home-steps">
          {STEPS.map((key, index) => (
            <li key={key}>
              <span className="home-step-no">{index + 1}</span>
              <div>
                <h3>{t(`step_${key}_title`)}</h3>
                <p>{t(`step_${key}_text`)}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section className="home-cta">
        <h2>{t('home_cta_title')}</h2>
        <p>{t('home_cta_text')}</p>
        <div className="home-hero-actions">
          <LinkButton to="/registersite" size="large" className="home-cta-primary">
            {t('home_cta_register')}
          </LinkButton>
          <Button type="link" size="large" href="/login" className="home-cta-link">
            {t('home_cta_have_account')}
          </Button>
        </div>
      </section>
      <PublicFooter />
    </div>
  );
}

/** A decorative glimpse of the workbench: practice progress, an exam and an annotation batch. */
function HeroBoard() {
  const { t } = useTranslation('auth');
  return (
    <div className="home-board" aria-hidden="true">
      <div className="home-board-card">
        <div className="home-board-head">
          <TrophyOutlined /> {t('board_practice')}
        </div>
        <Progress percent={86} strokeColor="#2f54eb" />
        <div className="home-board-meta">{t('board_practice_meta')}</div>
      </div>
      <div className="home-board-card">
        <div className="home-board-head">
          <FileDoneOutlined /> {t('board_exam')}
        </div>
        <div className="home-board-row">
          <span>{t('board_exam_name')}</span>
          <span className="home-board-tag">{t('board_exam_status')}</span>
        </div>
      </div>
      <div className="home-board-card">
        <div className="home-board-head">
          <TagsOutlined /> {t('board_annotation')}
        </div>
        <Progress percent={62} strokeColor="#13c2c2" />
        <div className="home-board-meta">{t('board_annotation_meta')}</div>
      </div>
    </div>
  );
}
