import { useParams, useSearchParams } from 'react-router';
import { ThemeDetail } from '../features/themes/components/theme-detail';
import { readBookType, readCharacter } from '../features/themes/links';

export function Component() {
  const { themeId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const type = readBookType(searchParams.get('type'));
  const character = readCharacter(searchParams.get('character'));
  // A new theme id starts from a fresh page (carousel on its first picture).
  return <ThemeDetail key={`${themeId}-${type}`} themeId={themeId} type={type} character={character} />;
}
