# Copied verbatim from the two published renderings of the quiz (Turkish and French); tests must not read
# ../shared, which a clone of this repository does not have.

TURKISH_SEED = [
    (
        "Standart veri paralelliğinde her GPU ne tutar?",
        [
            "Partinin farklı bir dilimini işleyen modelin tam bir kopyası",
            "Modelin katmanlarının farklı bir dilimi",
            "Ağırlıkların merkezi olarak depolandığı yalnızca optimize edici durumu",
            "Modelin daha az parametreli sıkıştırılmış versiyonu",
        ],
    ),
    (
        "Hangi iletişim işlemi model kopyalarını her adımda senkronize halde tutar?",
        [
            "Bir GPU'nun verilerini diğerlerine kopyalayan yayın",
            "Tüm GPU'lardaki degradelerin ortalamasını alan All-azaltma",
            "Verileri GPU'lar arasında bölen dağılım",
            "GPU'lar arasında iletişime gerek yoktur",
        ],
    ),
    (
        "What memory limit remains in plain data parallelism?",
        [
            "The full model is sharded automatically across the GPUs",
            "Only the input batch uses device memory",
            "Each GPU keeps model parameters and optimizer state replicated, limiting the model size that fits",
            "Each worker stores different model layers by default",
        ],
    ),
    (
        "Which factors does NCCL use when selecting collective algorithms?",
        [
            "Only the random seed and learning rate",
            "Only the total number of model parameters",
            "The optimizer type and validation score",
            "Message size and topology",
        ],
    ),
    (
        "PyTorch DistributedDataParallel iletişim gecikmesini nasıl gizler?",
        [
            "Devam eden geri geçişle degradeyi tamamen azaltın",
            "Alternatif adımlarda degrade senkronizasyonunu atlayarak",
            "Tüm degradeleri tek bir sayıya sıkıştırarak",
            "CPU üzerinde ileri geçişi çalıştırarak",
        ],
    ),
    (
        "With equal local batch size B on each of W data-parallel workers, what is the global batch for one synchronized step?",
        [
            "B divided by W",
            "B multiplied by W, before any gradient-accumulation factor",
            "Always exactly W samples",
            "The model parameter count divided by B",
        ],
    ),
    (
        "Why may adding more data-parallel GPUs fail to increase throughput proportionally?",
        [
            "All-reduce makes model parameters disappear",
            "The model is copied only to one worker",
            "Gradient communication, data loading, and synchronization add overhead",
            "More workers always reduce the global batch to zero",
        ],
    ),
    (
        "What does gradient accumulation let a data-parallel training loop do?",
        [
            "Shard parameters automatically across all workers",
            "Skip forward and backward computation",
            "Replace the model with an all-reduce operation",
            "Combine gradients from multiple microbatches before an optimizer update",
        ],
    ),
]

FRENCH_SEED = [
    (
        "Dans le parallélisme de données standard, que contient chaque GPU\xa0?",
        [
            "Une copie complète du modèle, traitant une tranche différente du lot",
            "Une tranche différente des calques du modèle",
            "Uniquement l'état de l'optimiseur, avec des poids stockés de manière centralisée",
            "Une version compressée du modèle avec moins de paramètres",
        ],
    ),
    (
        "Quelle opération de communication maintient les répliques du modèle synchronisées à chaque étape\xa0?",
        [
            "Broadcast, qui copie les données d'un GPU sur tous les autres",
            "All-reduce, qui fait la moyenne des dégradés sur tous les GPU",
            "Scatter, qui divise les données entre les GPU",
            "Aucune communication n'est nécessaire entre les GPU",
        ],
    ),
    (
        "What memory limit remains in plain data parallelism?",
        [
            "The full model is sharded automatically across the GPUs",
            "Only the input batch uses device memory",
            "Each GPU keeps model parameters and optimizer state replicated, limiting the model size that fits",
            "Each worker stores different model layers by default",
        ],
    ),
    (
        "Which factors does NCCL use when selecting collective algorithms?",
        [
            "Only the random seed and learning rate",
            "Only the total number of model parameters",
            "The optimizer type and validation score",
            "Message size and topology",
        ],
    ),
    (
        "Comment PyTorch DistributedDataParallel masque-t-il la latence de communication\xa0?",
        [
            "En superposant le dégradé, réduisez tout avec la passe arrière en cours",
            "En sautant la synchronisation du dégradé sur des étapes alternées",
            "En compressant tous les dégradés en un seul numéro",
            "En exécutant la passe avant sur le CPU",
        ],
    ),
    (
        "With equal local batch size B on each of W data-parallel workers, what is the global batch for one synchronized step?",
        [
            "B divided by W",
            "B multiplied by W, before any gradient-accumulation factor",
            "Always exactly W samples",
            "The model parameter count divided by B",
        ],
    ),
    (
        "Why may adding more data-parallel GPUs fail to increase throughput proportionally?",
        [
            "All-reduce makes model parameters disappear",
            "The model is copied only to one worker",
            "Gradient communication, data loading, and synchronization add overhead",
            "More workers always reduce the global batch to zero",
        ],
    ),
    (
        "What does gradient accumulation let a data-parallel training loop do?",
        [
            "Shard parameters automatically across all workers",
            "Skip forward and backward computation",
            "Replace the model with an all-reduce operation",
            "Combine gradients from multiple microbatches before an optimizer update",
        ],
    ),
]
