import { Button, Card, Empty, Image, Space, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CAROUSEL_LIMITS } from '@oj/shared';
import { adminConfigApi } from '../../../api/adminSite';
import { quietly } from '../../../api/client';
import { queryKeys } from '../../../api/queries';
import { siteApi } from '../../../api/site';
import { feedback } from '../../../app/feedback';
import { successMsg } from '../../../app/i18n';
import { DeleteButton } from '../../components/DeleteButton';

const ACCEPT = CAROUSEL_LIMITS.types.map((e) => `.${e}`).join(',');

/** Why a chosen file is refused before it is sent (the server checks again, by content too). */
function refusal(file: File): string | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(CAROUSEL_LIMITS.types as readonly string[]).includes(ext)) return 'msg.fileTypeNotSupport';
  if (file.size > CAROUSEL_LIMITS.maxBytes) return 'msg.exceedMaxSize';
  return null;
}

/** The home page's carousel: its images, upload, remove after confirming. */
export function CarouselCard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const images = useQuery({ queryKey: queryKeys.carousel, queryFn: quietly(siteApi.carousel) });
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.carousel });
  const upload = useMutation({
    mutationFn: (file: File) => adminConfigApi.uploadCarousel(file),
    onSuccess: (res) => {
      feedback.success(successMsg(res.msg, 'admin.site.conf.uploaded'));
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => adminConfigApi.removeCarousel(id),
    onSuccess: () => {
      feedback.success(t('admin.deleted'));
      void refresh();
    },
  });
  const full = (images.data?.length ?? 0) >= CAROUSEL_LIMITS.maxImages;
  return (
    <Card
      title={t('admin.site.conf.carousel')}
      style={{ marginBottom: 16 }}
      data-testid="conf-carousel"
      extra={
        <Upload
          accept={ACCEPT}
          showUploadList={false}
          disabled={full}
          beforeUpload={(file) => {
            const why = refusal(file);
            if (why) feedback.warning(t(why));
            else upload.mutate(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={upload.isPending} disabled={full} data-testid="conf-carousel-upload">
            {t('admin.site.conf.carouselUpload')}
          </Button>
        </Upload>
      }
    >
      <p style={{ marginTop: 0, color: 'rgba(0,0,0,0.45)' }}>
        {t('admin.site.conf.carouselHelp', { max: CAROUSEL_LIMITS.maxImages, mb: CAROUSEL_LIMITS.maxBytes / 1024 / 1024 })}
      </p>
      {images.data?.length ? (
        <Space wrap size={16}>
          {images.data.map((img) => (
            <div key={img.id} className="oj-carousel-thumb" data-testid={`carousel-${img.id}`}>
              <Image src={img.url} width={200} height={90} style={{ objectFit: 'cover', borderRadius: 4 }} alt="" />
              <div style={{ marginTop: 6, textAlign: 'right' }}>
                <DeleteButton
                  confirm={t('admin.site.conf.carouselDeleteConfirm')}
                  onConfirm={() => remove.mutate(img.id)}
                  testId={`carousel-delete-${img.id}`}
                  okTestId="carousel-delete-ok"
                />
              </div>
            </div>
          ))}
        </Space>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={images.isError ? images.error.message : t('admin.site.conf.carouselEmpty')} />
      )}
    </Card>
  );
}
