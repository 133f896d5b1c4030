/**
 * Which icon a menu entry shows, by its route name: the first rule whose pattern matches wins. The names are those of
 * `route-icons.tsx`; a test checks that every menu route of the catalogue finds one.
 */
export const ROUTE_ICON_RULES: readonly (readonly [RegExp, RouteIconName])[] = [
  [/^home_|^boss$|^system$/, 'home'],
  [/labeltool|task-execute/, 'highlight'],
  [/cloud-lab|experiment|^program|datasource/, 'experiment'],
  [/liveroom/, 'video'],
  [/mycorrection|datacorrection|feedback|customer_service|business_opportunity|chatgpt/, 'message'],
  [/mywrong|errorprone/, 'exception'],
  [/mycollect|star-statistics/, 'star'],
  [/cert/, 'certificate'],
  [/cdkey/, 'key'],
  [/myexam|examlist|selfexam|invigilation/, 'exam'],
  [/stat|analysis|portrait|check-chart|online/, 'chart'],
  [/train|course|teaching/, 'read'],
  [/invitation/, 'userAdd'],
  [/teacher|lecturer|authentication/, 'solution'],
  [/mygroups|system-group|organize/, 'cluster'],
  [/user|mylist/, 'team'],
  [/^site$|mysite/, 'bank'],
  [/role|permission|auth-refresh/, 'lock'],
  [/system-menu/, 'menu'],
  [/setting|refresh-cache|wxmini/, 'setting'],
  [/deployment/, 'cloudUpload'],
  [/packs/, 'inbox'],
  [/project/, 'project'],
  [/production-task/, 'schedule'],
  [/template/, 'layout'],
  [/dict|dataset-label/, 'tags'],
  [/dataset-map|dataset-node|aitrain|aigenerate|aimatch|match-robot/, 'apartment'],
  [/category/, 'folder'],
  [/similar|search-record|datarecords/, 'fileSearch'],
  [/private-data|dataset-data|datacollect/, 'database'],
  [/activity|points/, 'gift'],
  [/ali-stat|system-/, 'profile'],
];

export type RouteIconName =
  | 'home'
  | 'highlight'
  | 'experiment'
  | 'video'
  | 'message'
  | 'exception'
  | 'star'
  | 'certificate'
  | 'key'
  | 'exam'
  | 'chart'
  | 'read'
  | 'userAdd'
  | 'solution'
  | 'cluster'
  | 'team'
  | 'bank'
  | 'lock'
  | 'menu'
  | 'setting'
  | 'cloudUpload'
  | 'inbox'
  | 'project'
  | 'schedule'
  | 'layout'
  | 'tags'
  | 'apartment'
  | 'folder'
  | 'fileSearch'
  | 'database'
  | 'gift'
  | 'profile';

/** The icon of a route, or null when no rule fits (the menu then shows a generic one). */
export function routeIconName(routeName: string): RouteIconName | null {
  return ROUTE_ICON_RULES.find(([pattern]) => pattern.test(routeName))?.[1] ?? null;
}
