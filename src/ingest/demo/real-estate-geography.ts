/**
 * Real provinces with approximate centres and extents (degrees), from which the demo draws
 * simplified ward polygons. Japan: the 47 prefectures with their JIS X 0401 codes. Vietnam:
 * the 34 provincial units in force since 1 July 2025.
 */
export interface ProvinceSeed {
  id: number;
  code: string;
  nameVi: string;
  nameEn: string;
  lat: number;
  lon: number;
  /** Half the width of the mainland extent, in degrees of longitude. */
  span: number;
  /** Centre land price of the province, thousand local currency per m². */
  basePrice: number;
  wardNames?: readonly string[];
}

export interface OffshoreSeed {
  provinceCode: string;
  name: string;
  lat: number;
  lon: number;
  radius: number;
}

type Row = readonly [number, string, string, number, number, number, number];

// [JIS code, name, Vietnamese name, lat, lon, span, centre route price (thousand JPY/m²)]
const JP_ROWS: readonly Row[] = [
  [1, 'Hokkaido', 'Hokkaido', 43.2, 142.8, 2.0, 220],
  [2, 'Aomori', 'Aomori', 40.8, 140.9, 0.6, 80],
  [3, 'Iwate', 'Iwate', 39.6, 141.4, 0.6, 80],
  [4, 'Miyagi', 'Miyagi', 38.4, 140.9, 0.4, 320],
  [5, 'Akita', 'Akita', 39.7, 140.4, 0.5, 60],
  [6, 'Yamagata', 'Yamagata', 38.5, 140.1, 0.5, 70],
  [7, 'Fukushima', 'Fukushima', 37.4, 140.2, 0.6, 80],
  [8, 'Ibaraki', 'Ibaraki', 36.3, 140.3, 0.4, 110],
  [9, 'Tochigi', 'Tochigi', 36.7, 139.8, 0.4, 100],
  [10, 'Gunma', 'Gunma', 36.5, 139.0, 0.4, 90],
  [11, 'Saitama', 'Saitama', 36.0, 139.4, 0.3, 520],
  [12, 'Chiba', 'Chiba', 35.5, 140.2, 0.4, 420],
  [13, 'Tokyo', 'Tokyo', 35.68, 139.5, 0.3, 4200],
  [14, 'Kanagawa', 'Kanagawa', 35.4, 139.4, 0.25, 900],
  [15, 'Niigata', 'Niigata', 37.5, 138.9, 0.7, 110],
  [16, 'Toyama', 'Toyama', 36.6, 137.2, 0.3, 110],
  [17, 'Ishikawa', 'Ishikawa', 36.6, 136.7, 0.35, 180],
  [18, 'Fukui', 'Fukui', 35.9, 136.2, 0.4, 90],
  [19, 'Yamanashi', 'Yamanashi', 35.6, 138.6, 0.3, 80],
  [20, 'Nagano', 'Nagano', 36.1, 138.0, 0.6, 90],
  [21, 'Gifu', 'Gifu', 35.8, 137.0, 0.5, 110],
  [22, 'Shizuoka', 'Shizuoka', 35.0, 138.3, 0.5, 220],
  [23, 'Aichi', 'Aichi', 35.0, 137.2, 0.35, 1300],
  [24, 'Mie', 'Mie', 34.5, 136.4, 0.4, 100],
  [25, 'Shiga', 'Shiga', 35.2, 136.1, 0.3, 140],
  [26, 'Kyoto', 'Kyoto', 35.2, 135.5, 0.4, 900],
  [27, 'Osaka', 'Osaka', 34.65, 135.5, 0.2, 2400],
  [28, 'Hyogo', 'Hyogo', 35.0, 134.8, 0.5, 700],
  [29, 'Nara', 'Nara', 34.3, 135.9, 0.3, 180],
  [30, 'Wakayama', 'Wakayama', 33.9, 135.4, 0.4, 90],
  [31, 'Tottori', 'Tottori', 35.4, 133.8, 0.4, 60],
  [32, 'Shimane', 'Shimane', 35.1, 132.6, 0.6, 60],
  [33, 'Okayama', 'Okayama', 34.9, 133.8, 0.4, 200],
  [34, 'Hiroshima', 'Hiroshima', 34.6, 132.8, 0.5, 520],
  [35, 'Yamaguchi', 'Yamaguchi', 34.2, 131.5, 0.5, 80],
  [36, 'Tokushima', 'Tokushima', 33.9, 134.3, 0.35, 90],
  [37, 'Kagawa', 'Kagawa', 34.25, 134.0, 0.2, 120],
  [38, 'Ehime', 'Ehime', 33.6, 132.8, 0.5, 130],
  [39, 'Kochi', 'Kochi', 33.5, 133.4, 0.6, 90],
  [40, 'Fukuoka', 'Fukuoka', 33.6, 130.6, 0.4, 1100],
  [41, 'Saga', 'Saga', 33.3, 130.1, 0.25, 70],
  [42, 'Nagasaki', 'Nagasaki', 33.0, 129.8, 0.4, 150],
  [43, 'Kumamoto', 'Kumamoto', 32.6, 130.8, 0.45, 200],
  [44, 'Oita', 'Oita', 33.2, 131.5, 0.4, 110],
  [45, 'Miyazaki', 'Miyazaki', 32.1, 131.3, 0.5, 80],
  [46, 'Kagoshima', 'Kagoshima', 31.6, 130.6, 0.5, 140],
  [47, 'Okinawa', 'Okinawa', 26.5, 127.9, 0.3, 260],
];

const JP_WARDS: Readonly<Record<string, readonly string[]>> = {
  '13': ['Chiyoda-ku', 'Minato-ku', 'Shinjuku-ku', 'Hachioji-shi', 'Chuo-ku', 'Shibuya-ku', 'Setagaya-ku', 'Machida-shi', 'Tachikawa-shi'],
  '27': ['Kita-ku', 'Chuo-ku', 'Tennoji-ku', 'Naniwa-ku', 'Sakai-shi', 'Toyonaka-shi', 'Suita-shi', 'Higashiosaka-shi', 'Hirakata-shi'],
  '23': ['Naka-ku', 'Nakamura-ku', 'Higashi-ku', 'Chikusa-ku', 'Toyota-shi', 'Okazaki-shi', 'Ichinomiya-shi', 'Kasugai-shi', 'Toyohashi-shi'],
  '01': ['Sapporo Chuo-ku', 'Sapporo Kita-ku', 'Asahikawa-shi', 'Hakodate-shi', 'Kushiro-shi', 'Obihiro-shi', 'Otaru-shi', 'Tomakomai-shi', 'Kitami-shi'],
};

// [id, code, Vietnamese name, lat, lon, span, centre VT1 price (thousand VND/m²)]; English names follow.
const VN_ROWS: readonly (readonly [number, string, string, string, number, number, number, number])[] = [
  [1, 'HCM', 'Hồ Chí Minh', 'Ho Chi Minh City', 10.85, 106.75, 0.45, 120_000],
  [2, 'HN', 'Hà Nội', 'Hanoi', 21.0, 105.8, 0.35, 110_000],
  [3, 'HP', 'Hải Phòng', 'Hai Phong', 20.85, 106.5, 0.3, 35_000],
  [4, 'DN', 'Đà Nẵng', 'Da Nang', 15.75, 108.0, 0.5, 45_000],
  [5, 'CT', 'Cần Thơ', 'Can Tho', 9.8, 105.8, 0.35, 22_000],
  [6, 'HUE', 'Huế', 'Hue', 16.35, 107.6, 0.35, 18_000],
  [7, 'TQ', 'Tuyên Quang', 'Tuyen Quang', 22.2, 105.1, 0.6, 6_000],
  [8, 'CB', 'Cao Bằng', 'Cao Bang', 22.7, 106.1, 0.4, 5_000],
  [9, 'LCH', 'Lai Châu', 'Lai Chau', 22.3, 103.2, 0.4, 4_000],
  [10, 'LCA', 'Lào Cai', 'Lao Cai', 22.0, 104.3, 0.5, 8_000],
  [11, 'TN', 'Thái Nguyên', 'Thai Nguyen', 21.8, 105.8, 0.4, 12_000],
  [12, 'DB', 'Điện Biên', 'Dien Bien', 21.6, 103.0, 0.5, 4_000],
  [13, 'LS', 'Lạng Sơn', 'Lang Son', 21.8, 106.6, 0.4, 7_000],
  [14, 'SL', 'Sơn La', 'Son La', 21.2, 104.0, 0.6, 5_000],
  [15, 'PT', 'Phú Thọ', 'Phu Tho', 21.2, 105.2, 0.5, 10_000],
  [16, 'BN', 'Bắc Ninh', 'Bac Ninh', 21.3, 106.3, 0.35, 18_000],
  [17, 'QNI', 'Quảng Ninh', 'Quang Ninh', 21.1, 107.3, 0.45, 20_000],
  [18, 'HY', 'Hưng Yên', 'Hung Yen', 20.7, 106.2, 0.3, 12_000],
  [19, 'NB', 'Ninh Bình', 'Ninh Binh', 20.3, 106.0, 0.3, 10_000],
  [20, 'TH', 'Thanh Hóa', 'Thanh Hoa', 20.0, 105.5, 0.5, 12_000],
  [21, 'NA', 'Nghệ An', 'Nghe An', 19.2, 104.9, 0.6, 11_000],
  [22, 'HT', 'Hà Tĩnh', 'Ha Tinh', 18.3, 105.7, 0.4, 8_000],
  [23, 'QT', 'Quảng Trị', 'Quang Tri', 17.1, 106.6, 0.6, 7_000],
  [24, 'QNG', 'Quảng Ngãi', 'Quang Ngai', 14.8, 108.4, 0.5, 9_000],
  [25, 'GL', 'Gia Lai', 'Gia Lai', 14.0, 108.6, 0.6, 9_000],
  [26, 'KH', 'Khánh Hòa', 'Khanh Hoa', 12.0, 109.0, 0.5, 30_000],
  [27, 'LD', 'Lâm Đồng', 'Lam Dong', 11.6, 107.8, 0.6, 16_000],
  [28, 'DLK', 'Đắk Lắk', 'Dak Lak', 12.9, 108.5, 0.6, 9_000],
  [29, 'DNA', 'Đồng Nai', 'Dong Nai', 11.3, 107.0, 0.5, 20_000],
  [30, 'TNI', 'Tây Ninh', 'Tay Ninh', 11.0, 106.2, 0.45, 10_000],
  [31, 'VL', 'Vĩnh Long', 'Vinh Long', 10.1, 106.3, 0.4, 9_000],
  [32, 'DT', 'Đồng Tháp', 'Dong Thap', 10.4, 105.9, 0.4, 9_000],
  [33, 'CM', 'Cà Mau', 'Ca Mau', 9.2, 105.3, 0.5, 7_000],
  [34, 'AG', 'An Giang', 'An Giang', 10.2, 105.0, 0.5, 10_000],
];

const VN_WARDS: Readonly<Record<string, readonly string[]>> = {
  HCM: ['Sài Gòn', 'Bến Thành', 'Phú Thuận', 'Tân Định', 'Thủ Đức', 'Bình Thạnh', 'Gò Vấp', 'Thủ Dầu Một', 'Vũng Tàu'],
  HN: ['Hoàn Kiếm', 'Ba Đình', 'Tây Hồ', 'Đống Đa', 'Cầu Giấy', 'Hai Bà Trưng', 'Hoàng Mai', 'Long Biên', 'Thanh Xuân'],
  DN: ['Hải Châu', 'Sơn Trà', 'Ngũ Hành Sơn', 'Thanh Khê', 'Cẩm Lệ', 'Liên Chiểu', 'Hội An', 'Tam Kỳ', 'Điện Bàn'],
};

/** Japanese province ids sit after Vietnam's so that ids are unique across countries. */
export const JP_PROVINCE_ID_OFFSET = 100;

export const JP_PROVINCES: readonly ProvinceSeed[] = JP_ROWS.map(([jis, nameEn, nameVi, lat, lon, span, basePrice]) => {
  const code = String(jis).padStart(2, '0');
  const wardNames = JP_WARDS[code];
  return { id: JP_PROVINCE_ID_OFFSET + jis, code, nameVi, nameEn, lat, lon, span, basePrice, ...(wardNames === undefined ? {} : { wardNames }) };
});

export const VN_PROVINCES: readonly ProvinceSeed[] = VN_ROWS.map(([id, code, nameVi, nameEn, lat, lon, span, basePrice]) => {
  const wardNames = VN_WARDS[code];
  return { id, code, nameVi, nameEn, lat, lon, span, basePrice, ...(wardNames === undefined ? {} : { wardNames }) };
});

/** Island units far off the coast: part of their province, outside its bounding box. */
export const OFFSHORE_UNITS: Readonly<Record<'jp' | 'vn', readonly OffshoreSeed[]>> = {
  jp: [
    { provinceCode: '13', name: 'Hachijo-machi', lat: 33.11, lon: 139.79, radius: 0.06 },
    { provinceCode: '13', name: 'Ogasawara-mura', lat: 27.09, lon: 142.19, radius: 0.05 },
    { provinceCode: '47', name: 'Ishigaki-shi', lat: 24.4, lon: 124.18, radius: 0.12 },
  ],
  vn: [
    { provinceCode: 'HCM', name: 'Côn Đảo', lat: 8.69, lon: 106.61, radius: 0.06 },
    { provinceCode: 'HP', name: 'Bạch Long Vĩ', lat: 20.13, lon: 107.72, radius: 0.02 },
    { provinceCode: 'AG', name: 'Phú Quốc', lat: 10.23, lon: 103.96, radius: 0.15 },
    { provinceCode: 'QNG', name: 'Lý Sơn', lat: 15.38, lon: 109.12, radius: 0.03 },
  ],
};
