import { useNavigate, useParams } from 'react-router';
import { MAP_TABS, MapEditor } from './MapEditor.tsx';
import { detailParams, mapDetailPath } from './queries.ts';

/** One knowledge map (`/dataset/map-detail/{tab?}/{id?}`): the node tree editor, the graph, linked questions. */
export function MapDetailPage() {
  const navigate = useNavigate();
  const { tab, id } = detailParams(useParams(), MAP_TABS);
  return (
    <MapEditor
      id={id}
      tab={tab}
      onTab={(next) => navigate(mapDetailPath(id ?? 0, next), { replace: true })}
      backTo="/dataset/map"
    />
  );
}
