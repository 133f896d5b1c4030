/**
 * The 34 provincial divisions of China (GB/T 2260 codes) with their Chinese and English names: what
 * `/place/list` answers and what `sites.province` holds (the code). A plain data file without zod, so the web
 * may import it at run time (`@app/contracts/places.ts`).
 */
export interface TPlace {
  code: string;
  name_zh: string;
  name_en: string;
}

export const PROVINCES: readonly TPlace[] = [
  { code: '110000', name_zh: '北京市', name_en: 'Beijing' },
  { code: '120000', name_zh: '天津市', name_en: 'Tianjin' },
  { code: '130000', name_zh: '河北省', name_en: 'Hebei' },
  { code: '140000', name_zh: '山西省', name_en: 'Shanxi' },
  { code: '150000', name_zh: '内蒙古自治区', name_en: 'Inner Mongolia' },
  { code: '210000', name_zh: '辽宁省', name_en: 'Liaoning' },
  { code: '220000', name_zh: '吉林省', name_en: 'Jilin' },
  { code: '230000', name_zh: '黑龙江省', name_en: 'Heilongjiang' },
  { code: '310000', name_zh: '上海市', name_en: 'Shanghai' },
  { code: '320000', name_zh: '江苏省', name_en: 'Jiangsu' },
  { code: '330000', name_zh: '浙江省', name_en: 'Zhejiang' },
  { code: '340000', name_zh: '安徽省', name_en: 'Anhui' },
  { code: '350000', name_zh: '福建省', name_en: 'Fujian' },
  { code: '360000', name_zh: '江西省', name_en: 'Jiangxi' },
  { code: '370000', name_zh: '山东省', name_en: 'Shandong' },
  { code: '410000', name_zh: '河南省', name_en: 'Henan' },
  { code: '420000', name_zh: '湖北省', name_en: 'Hubei' },
  { code: '430000', name_zh: '湖南省', name_en: 'Hunan' },
  { code: '440000', name_zh: '广东省', name_en: 'Guangdong' },
  { code: '450000', name_zh: '广西壮族自治区', name_en: 'Guangxi' },
  { code: '460000', name_zh: '海南省', name_en: 'Hainan' },
  { code: '500000', name_zh: '重庆市', name_en: 'Chongqing' },
  { code: '510000', name_zh: '四川省', name_en: 'Sichuan' },
  { code: '520000', name_zh: '贵州省', name_en: 'Guizhou' },
  { code: '530000', name_zh: '云南省', name_en: 'Yunnan' },
  { code: '540000', name_zh: '西藏自治区', name_en: 'Tibet' },
  { code: '610000', name_zh: '陕西省', name_en: 'Shaanxi' },
  { code: '620000', name_zh: '甘肃省', name_en: 'Gansu' },
  { code: '630000', name_zh: '青海省', name_en: 'Qinghai' },
  { code: '640000', name_zh: '宁夏回族自治区', name_en: 'Ningxia' },
  { code: '650000', name_zh: '新疆维吾尔自治区', name_en: 'Xinjiang' },
  { code: '710000', name_zh: '台湾省', name_en: 'Taiwan' },
  { code: '810000', name_zh: '香港特别行政区', name_en: 'Hong Kong' },
  { code: '820000', name_zh: '澳门特别行政区', name_en: 'Macao' },
];

export const PROVINCE_CODES: readonly string[] = PROVINCES.map((p) => p.code);

/** The province's name in the language (`zh-CN` or `en-US`), or the code itself when unknown. */
export function provinceName(code: string, lang: string): string {
  const place = PROVINCES.find((p) => p.code === code);
  if (!place) return code;
  return lang.startsWith('zh') ? place.name_zh : place.name_en;
}
