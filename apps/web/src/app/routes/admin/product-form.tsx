import { Link, useParams } from 'react-router';
import { buildPath, paths } from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { AdminPage, useAdminProduct } from '../../../features/admin/index.ts';
import { Photos } from '../../../features/admin/components/product-photos.tsx';
import { ProductForm } from '../../../features/admin/components/product-form.tsx';
import { ProductScreens } from '../../../features/admin/components/product-screens.tsx';

export function Component() {
  const { id } = useParams();
  const editing = id && id !== 'novo' ? id : undefined;
  const product = useAdminProduct(editing);
  if (!editing) {
    return (
      <AdminPage title="Novo produto" description="Depois de criar, adicione as fotos.">
        <ProductForm />
      </AdminPage>
    );
  }
  return (
    <AdminPage
      title={product.data ? product.data.name : 'Produto'}
      description={
        product.data
          ? `${product.data.status === 'ativo' ? 'Ativo' : 'Inativo'} · ${buildPath(paths.local, { slug: product.data.slug })}`
          : undefined
      }
      actions={
        product.data?.status === 'ativo' ? (
          <>
            <Button asChild variant="secondary">
              <Link to={`${paths.admin.inventario}?produto=${product.data.id}`}>Ver no inventário</Link>
            </Button>
            <Button asChild>
              <Link to={`${paths.admin.propostaNova}?produto=${product.data.id}`}>Criar proposta</Link>
            </Button>
          </>
        ) : undefined
      }
    >
      {product.isPending ? (
        <Spinner label="Carregando produto..." />
      ) : product.isError ? (
        <Alert>{product.error.message}</Alert>
      ) : (
        <div className="space-y-5">
          <Photos product={product.data} />
          <ProductScreens product={product.data} />
          {/* A saved product (new updated_at) starts the form again from what the server kept. */}
          <ProductForm key={product.data.updated_at} product={product.data} />
        </div>
      )}
    </AdminPage>
  );
}
