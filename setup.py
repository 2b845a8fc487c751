from configparser import ConfigParser
import setuptools, shlex

# note: all settings are in settings.ini; edit there, not here
config = ConfigParser(delimiters=['='])
config.read('settings.ini', encoding='utf-8')
cfg = config['DEFAULT']

cfg_keys = 'version description keywords author author_email'.split()
expected = cfg_keys + "lib_name user branch license status min_python audience language".split()
for o in expected: assert o in cfg, "missing expected setting: {}".format(o)
setup_cfg = {o: cfg[o] for o in cfg_keys}

licenses = {
    'apache2': ('Apache Software License 2.0', 'OSI Approved :: Apache Software License'),
    'mit': ('MIT License', 'OSI Approved :: MIT License'),
}
statuses = ['1 - Planning', '2 - Pre-Alpha', '3 - Alpha', '4 - Beta', '5 - Production/Stable', '6 - Mature', '7 - Inactive']
py_versions = '3.10 3.11 3.12 3.13'.split()

requirements = shlex.split(cfg.get('requirements', ''))
dev_requirements = shlex.split(cfg.get('dev_requirements', ''))
docs_requirements = shlex.split(cfg.get('docs_requirements', ''))
# the Dask backend of `replicate`, `bootstrap` and `network_comparison`: pip install ".[dask]"
dask_requirements = shlex.split(cfg.get('dask_requirements', ''))
lic = licenses.get(cfg['license'].lower(), (cfg['license'], None))
min_python = cfg['min_python']
console_scripts = cfg.get('console_scripts', '').split()

setuptools.setup(
    name=cfg['lib_name'],
    license=lic[0],
    classifiers=[
        'Development Status :: ' + statuses[int(cfg['status'])],
        'Intended Audience :: ' + cfg['audience'].title(),
        'Natural Language :: ' + cfg['language'].title(),
        'Topic :: Scientific/Engineering :: Mathematics',
    ] + ['Programming Language :: Python :: ' + o for o in py_versions[py_versions.index(min_python):]]
      + (['License :: ' + lic[1]] if lic[1] else []),
    url=cfg['git_url'],
    project_urls={'Documentation': cfg['doc_host'] + cfg['doc_baseurl'], 'Source': cfg['git_url']},
    packages=setuptools.find_packages(include=['mrflit', 'mrflit.*']),
    include_package_data=True,
    package_data={'mrflit': ['data/*.csv', 'data/*.md', 'data/*.fasta']},
    install_requires=requirements,
    extras_require={
        'dev': dev_requirements + docs_requirements + dask_requirements,
        'docs': docs_requirements,
        'dask': dask_requirements,
    },
    dependency_links=cfg.get('dep_links', '').split(),
    python_requires='>=' + cfg['min_python'],
    long_description=open('README.md', encoding='utf-8').read(),
    long_description_content_type='text/markdown',
    zip_safe=False,
    **setup_cfg,
    entry_points={'console_scripts': console_scripts, 'nbdev': [f'{cfg.get("lib_path")}={cfg.get("lib_path")}._modidx:d']},
)
